export interface ContactUsDetail {
  name: string;
  title: string;
  avatarURL: string | null;
}

/** Spec 3 'Onboarding CTA detail'. */
export interface OnboardingCtaDetail {
  showCTA: boolean;
  title: string;
  body: string;
  link: string;
  currentStep: number;
  totalSteps: number;
  currentStepName: string;
  /** A static image name, or ONBOARDING_USER_AVATAR for the contact person's avatar. */
  imageName: string;
  contactUsDetail: ContactUsDetail | null;
}

export const ONBOARDING_USER_AVATAR = 'user_avatar';

/** Spec 9 'Fixed texts': the onboarding card's link text. */
export const ONBOARDING_CTA_TEXT = 'Continue your partner onboarding';
export const ONBOARDING_PROGRESS_LABEL = 'Onboarding progress';
/** Spec 9 'Headings and layouts'. */
export const ONBOARDING_HEADING_LEVEL = 2;
export const ONBOARDING_LAYOUTS = ['Full width', 'Inner'] as const;
export type OnboardingLayout = (typeof ONBOARDING_LAYOUTS)[number];

export type OnboardingImage =
  /** A named static image. */
  | { kind: 'static'; name: string }
  /** The contact person's avatar in a decorative mask; alt text from name and title. */
  | { kind: 'avatar'; name: string; title: string; avatarURL: string | null; alt: string };

export interface OnboardingCtaView {
  title: string;
  body: string;
  link: string;
  currentStep: number;
  totalSteps: number;
  image: OnboardingImage | null;
}

/** The contact's name and title, as the avatar's alt text: 'Jordan Ellis, Partner Success Manager'. */
export function contactAlt(name: string, title: string): string {
  return [name.trim(), title.trim()].filter((part) => part !== '').join(', ');
}

/**
 * Spec 2.7 and 4 'Onboarding progress': the card shows only when the server says showCTA (a
 * failed call is passed as null and hides it too). user_avatar without contact details falls
 * back to no image rather than a broken one.
 */
export function onboardingCtaView(detail: OnboardingCtaDetail | null): OnboardingCtaView | null {
  if (!detail || detail.showCTA !== true) return null;
  let image: OnboardingImage | null = null;
  if (detail.imageName === ONBOARDING_USER_AVATAR) {
    const contact = detail.contactUsDetail;
    if (contact) {
      image = {
        kind: 'avatar',
        name: contact.name,
        title: contact.title,
        avatarURL: contact.avatarURL,
        alt: contactAlt(contact.name, contact.title),
      };
    }
  } else if (detail.imageName.trim() !== '') {
    image = { kind: 'static', name: detail.imageName.trim() };
  }
  return {
    title: detail.title,
    body: detail.body,
    link: detail.link,
    currentStep: detail.currentStep,
    totalSteps: detail.totalSteps,
    image,
  };
}

/** Spec 7: the tag-manager event a click on the onboarding card sends. */
export interface OnboardingClickEvent {
  event: 'onboardingCtaClick';
  eventCategory: 'Partner Activation - CTA';
  eventAction: 'Click';
  eventLabel: string;
}

/** The label is the current step and its name: 'Step 2 - Set up your practice profile'. */
export function onboardingClickEvent(
  detail: Pick<OnboardingCtaDetail, 'currentStep' | 'currentStepName'>,
): OnboardingClickEvent {
  const name = detail.currentStepName.trim();
  return {
    event: 'onboardingCtaClick',
    eventCategory: 'Partner Activation - CTA',
    eventAction: 'Click',
    eventLabel: name === '' ? `Step ${detail.currentStep}` : `Step ${detail.currentStep} - ${name}`,
  };
}
