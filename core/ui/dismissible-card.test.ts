import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISMISS_STORAGE,
  DISMISS_LABEL,
  DISMISSIBLE_CARD_VARIATIONS,
  dismissKey,
  hasDismissButton,
  isCardVisible,
  isDismissed,
  isDismissStorage,
  type CardAudience,
  type DismissibleCardVariation,
} from './dismissible-card.ts';

type User = NonNullable<CardAudience['userData']>;

function partner(overrides: Partial<User> = {}): CardAudience {
  return {
    isGuest: false,
    userData: {
      IsPartner: 'true',
      IsPrimaryContact: 'true',
      IsPrincipalContact: 'false',
      Market: 'AU',
      PartnerProductInterestClient: null,
      PartnerProductInterestPractice: null,
      updateAccountFlowScreen: null,
      ...overrides,
    },
  };
}

const GUEST: CardAudience = { isGuest: true, userData: null };
const PARTNER_VARIATIONS = DISMISSIBLE_CARD_VARIATIONS.filter((v) => v.startsWith('Partner'));

describe('dismissible card constants', () => {
  it('has seven variations, sessionStorage by default and the dismiss label', () => {
    expect(DISMISSIBLE_CARD_VARIATIONS).toHaveLength(7);
    expect(DEFAULT_DISMISS_STORAGE).toBe('sessionStorage');
    expect(DISMISS_LABEL).toBe('Dismiss notification');
  });

  it('gives every variation its own key', () => {
    const keys = new Set(DISMISSIBLE_CARD_VARIATIONS.map(dismissKey));
    expect(keys.size).toBe(7);
  });

  it("reads '1' as dismissed and nothing else", () => {
    expect(isDismissed('1')).toBe(true);
    expect(isDismissed('true')).toBe(false);
    expect(isDismissed(null)).toBe(false);
    expect(isDismissed(undefined)).toBe(false);
  });

  it("has no dismiss button with storage 'none'", () => {
    expect(hasDismissButton('none')).toBe(false);
    expect(hasDismissButton('sessionStorage')).toBe(true);
    expect(hasDismissButton('localStorage')).toBe(true);
  });

  it('knows the storages', () => {
    expect(isDismissStorage('localStorage')).toBe(true);
    expect(isDismissStorage('cookie')).toBe(false);
    expect(isDismissStorage(undefined)).toBe(false);
  });
});

describe('dismissible card visibility', () => {
  it('hides every variation once dismissed', () => {
    for (const variation of DISMISSIBLE_CARD_VARIATIONS) {
      expect(isCardVisible(variation, partner(), true)).toBe(false);
      expect(isCardVisible(variation, GUEST, true)).toBe(false);
    }
  });

  it('shows Generic to everyone', () => {
    expect(isCardVisible('Generic', GUEST, false)).toBe(true);
    expect(isCardVisible('Generic', partner(), false)).toBe(true);
  });

  it('shows Un-auth only to guests', () => {
    expect(isCardVisible('Un-auth', GUEST, false)).toBe(true);
    expect(isCardVisible('Un-auth', partner(), false)).toBe(false);
    expect(isCardVisible('Un-auth', { isGuest: false, userData: null }, false)).toBe(false);
  });

  it.each(PARTNER_VARIATIONS)('hides %s from guests and without user data', (variation) => {
    expect(isCardVisible(variation, GUEST, false)).toBe(false);
    expect(isCardVisible(variation, { isGuest: false, userData: null }, false)).toBe(false);
  });

  it.each(PARTNER_VARIATIONS)('hides %s from non-partners', (variation) => {
    const flow =
      variation === 'Partner Update PE' ? { PartnerProductInterestClient: 'Payroll' } : {};
    expect(isCardVisible(variation, partner({ IsPartner: 'false', ...flow }), false)).toBe(false);
  });

  it.each(PARTNER_VARIATIONS)('needs a primary or principal contact for %s', (variation) => {
    const setUp: Partial<User> =
      variation === 'Partner Update PE'
        ? { PartnerProductInterestClient: 'Payroll' }
        : variation === 'Partner Update Account - Unfinished'
          ? { updateAccountFlowScreen: 'Screen 2' }
          : variation === 'Partner Update Account - Finished'
            ? { updateAccountFlowScreen: 'Screen 4' }
            : {};
    expect(isCardVisible(variation, partner(setUp), false)).toBe(true);
    expect(
      isCardVisible(
        variation,
        partner({ ...setUp, IsPrimaryContact: 'false', IsPrincipalContact: 'true' }),
        false,
      ),
    ).toBe(true);
    expect(
      isCardVisible(
        variation,
        partner({ ...setUp, IsPrimaryContact: 'false', IsPrincipalContact: 'false' }),
        false,
      ),
    ).toBe(false);
  });

  it('shows Partner Start PE in a partner market before personalising', () => {
    expect(isCardVisible('Partner Start PE', partner({ Market: 'EMEA' }), false)).toBe(true);
    expect(isCardVisible('Partner Start PE', partner({ Market: 'FR' }), false)).toBe(false);
    expect(isCardVisible('Partner Start PE', partner({ Market: null }), false)).toBe(false);
    expect(
      isCardVisible(
        'Partner Start PE',
        partner({ PartnerProductInterestPractice: 'Advisory' }),
        false,
      ),
    ).toBe(false);
  });

  it('shows Partner Update PE in a partner market after personalising', () => {
    const personalised = { PartnerProductInterestClient: 'Payroll' };
    expect(isCardVisible('Partner Update PE', partner(personalised), false)).toBe(true);
    expect(
      isCardVisible('Partner Update PE', partner({ ...personalised, Market: 'FR' }), false),
    ).toBe(false);
    expect(isCardVisible('Partner Update PE', partner(), false)).toBe(false);
  });

  it.each<[string | null | undefined, DismissibleCardVariation | null]>([
    [null, 'Partner Update Account - Not started'],
    ['', 'Partner Update Account - Not started'],
    ['Screen 1', 'Partner Update Account - Unfinished'],
    ['Screen 3', 'Partner Update Account - Unfinished'],
    ['Screen 4', 'Partner Update Account - Finished'],
    [undefined, null],
  ])('with flow screen %j shows only %s of the update-account cards', (screen, expected) => {
    const audience = partner({ updateAccountFlowScreen: screen, Market: 'FR' });
    for (const variation of [
      'Partner Update Account - Not started',
      'Partner Update Account - Unfinished',
      'Partner Update Account - Finished',
    ] as const) {
      expect(isCardVisible(variation, audience, false)).toBe(variation === expected);
    }
  });
});
