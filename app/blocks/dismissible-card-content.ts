import type { DismissibleCardVariation } from '~core/ui';
import { ssoStartUrl } from '~core/routes';

/** What a dismissible card says and where it leads. */
export interface DismissibleCardContent {
  title: string;
  body: string;
  ctaText: string;
  url: string;
  /** A static image name (spec 5 'Images'), or none. */
  imageUrl?: string;
}

export interface CardContentContext {
  brand: string;
  ssoProvider: string;
  /** The current path and query, where sign-in returns to. */
  here: string;
  path(pageKey: string): string | undefined;
}

/**
 * The texts of each variation. The spec gives the words of 'Partner Update Account - Not
 * started' only (2.4); the others are written here in the same voice (docs/blocks.md). Generic
 * has no words of its own: its content is configured where it is placed.
 */
export function dismissibleCardContent(
  variation: Exclude<DismissibleCardVariation, 'Generic'>,
  context: CardContentContext,
): DismissibleCardContent {
  const { brand } = context;
  const personalise = context.path('partnersPersonalise') ?? '/0/partners/personalise';
  const updateAccount = context.path('partnersUpdateAccount') ?? '/0/partners/update-account';
  switch (variation) {
    case 'Un-auth':
      return {
        title: `Sign in to get the most out of ${brand} support`,
        body: 'Sign in to follow your cases, join discussions and see help for your region and products.',
        ctaText: 'Sign in',
        url: ssoStartUrl(context.ssoProvider, context.here),
      };
    case 'Partner Start PE':
      return {
        title: `Personalise your ${brand} partner experience`,
        body: 'Tell us which products your practice and your clients use, and we will tailor what you see here.',
        ctaText: 'Personalise your experience',
        url: personalise,
      };
    case 'Partner Update PE':
      return {
        title: 'Keep your partner experience up to date',
        body: 'Your practice changes. Update your product interests so what you see keeps up with it.',
        ctaText: 'Update your product interests',
        url: personalise,
      };
    case 'Partner Update Account - Not started':
      return {
        title: `Get more out of your ${brand} partner experience`,
        body: `Tell us more about you, your clients and your practice and so we can help you get the most out of being a ${brand} partner.`,
        ctaText: 'Update your account with more information',
        url: updateAccount,
        imageUrl: 'update-your-account.jpg',
      };
    case 'Partner Update Account - Unfinished':
      return {
        title: 'Finish updating your account',
        body: 'You are part-way through telling us about your practice. Pick up where you left off.',
        ctaText: 'Continue updating your account',
        url: updateAccount,
        imageUrl: 'update-your-account.jpg',
      };
    case 'Partner Update Account - Finished':
      return {
        title: 'Thanks for updating your account',
        body: `Keep your details current so we can keep helping you get the most out of being a ${brand} partner.`,
        ctaText: 'Review your account information',
        url: updateAccount,
      };
  }
}
