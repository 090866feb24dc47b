import { describe, expect, it } from 'vitest';
import {
  contactAlt,
  ONBOARDING_CTA_TEXT,
  ONBOARDING_HEADING_LEVEL,
  ONBOARDING_LAYOUTS,
  ONBOARDING_PROGRESS_LABEL,
  onboardingClickEvent,
  onboardingCtaView,
} from './onboarding-cta.ts';
import type { OnboardingCtaDetail } from './onboarding-cta.ts';

function detail(overrides: Partial<OnboardingCtaDetail> = {}): OnboardingCtaDetail {
  return {
    showCTA: true,
    title: 'Next up: Set up your practice profile',
    body: 'Add your **logo**.',
    link: '/0/partners/account',
    currentStep: 2,
    totalSteps: 5,
    currentStepName: 'Set up your practice profile',
    imageName: 'person-plugging-in-robot',
    contactUsDetail: null,
    ...overrides,
  };
}

describe('onboarding call to action', () => {
  it('has the fixed texts, heading level and layouts', () => {
    expect(ONBOARDING_CTA_TEXT).toBe('Continue your partner onboarding');
    expect(ONBOARDING_PROGRESS_LABEL).toBe('Onboarding progress');
    expect(ONBOARDING_HEADING_LEVEL).toBe(2);
    expect(ONBOARDING_LAYOUTS).toEqual(['Full width', 'Inner']);
  });

  it('is hidden when showCTA is false or the call failed', () => {
    expect(onboardingCtaView(detail({ showCTA: false }))).toBeNull();
    expect(onboardingCtaView(null)).toBeNull();
  });

  it('shows the title, body, link and steps', () => {
    expect(onboardingCtaView(detail())).toMatchObject({
      title: 'Next up: Set up your practice profile',
      body: 'Add your **logo**.',
      link: '/0/partners/account',
      currentStep: 2,
      totalSteps: 5,
    });
  });

  it('uses a named static image', () => {
    expect(onboardingCtaView(detail())?.image).toEqual({
      kind: 'static',
      name: 'person-plugging-in-robot',
    });
  });

  it("uses the contact's avatar for user_avatar, with alt text from name and title", () => {
    const view = onboardingCtaView(
      detail({
        imageName: 'user_avatar',
        contactUsDetail: {
          name: 'Jordan Ellis',
          title: 'Partner Success Manager',
          avatarURL: null,
        },
      }),
    );
    expect(view?.image).toEqual({
      kind: 'avatar',
      name: 'Jordan Ellis',
      title: 'Partner Success Manager',
      avatarURL: null,
      alt: 'Jordan Ellis, Partner Success Manager',
    });
  });

  it('has no image for user_avatar without contact details, or without a name', () => {
    expect(onboardingCtaView(detail({ imageName: 'user_avatar' }))?.image).toBeNull();
    expect(onboardingCtaView(detail({ imageName: ' ' }))?.image).toBeNull();
  });

  it('builds the alt text from what the contact has', () => {
    expect(contactAlt('Jordan Ellis', '')).toBe('Jordan Ellis');
    expect(contactAlt(' Jordan Ellis ', ' Manager ')).toBe('Jordan Ellis, Manager');
  });

  it('sends the click event with the current step and its name', () => {
    expect(onboardingClickEvent(detail())).toEqual({
      event: 'onboardingCtaClick',
      eventCategory: 'Partner Activation - CTA',
      eventAction: 'Click',
      eventLabel: 'Step 2 - Set up your practice profile',
    });
    expect(onboardingClickEvent(detail({ currentStepName: '' })).eventLabel).toBe('Step 2');
  });
});
