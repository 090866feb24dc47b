import {
  isPartnerMarket,
  isPersonaliseFlowCompleted,
  updateAccountFlowStage,
  type UpdateAccountFlowStage,
} from '../partner/index.ts';

/** Spec 2.7 'Dismissible card': the seven variations. */
export const DISMISSIBLE_CARD_VARIATIONS = [
  'Generic',
  'Un-auth',
  'Partner Start PE',
  'Partner Update PE',
  'Partner Update Account - Not started',
  'Partner Update Account - Unfinished',
  'Partner Update Account - Finished',
] as const;

export type DismissibleCardVariation = (typeof DISMISSIBLE_CARD_VARIATIONS)[number];

/** Spec 9 'Dismiss storage'; sessionStorage is the default. */
export const DISMISS_STORAGES = ['sessionStorage', 'localStorage', 'none'] as const;
export type DismissStorage = (typeof DISMISS_STORAGES)[number];
export const DEFAULT_DISMISS_STORAGE: DismissStorage = 'sessionStorage';

export const DISMISS_LABEL = 'Dismiss notification';

/** Spec 4: dismissal stores this value under the variation's key. */
export const DISMISSED_VALUE = '1';

/**
 * The storage key of a variation. The spec says only "the variation's key"; the variation's
 * name, under a fixed namespace, is stable and readable in the browser's storage panel.
 */
export function dismissKey(variation: DismissibleCardVariation): string {
  return `dismissible-card:${variation}`;
}

export function isDismissed(stored: string | null | undefined): boolean {
  return stored === DISMISSED_VALUE;
}

/** With storage 'none' a card cannot be dismissed, so it has no dismiss button. */
export function hasDismissButton(storage: DismissStorage): boolean {
  return storage !== 'none';
}

export function isDismissStorage(value: unknown): value is DismissStorage {
  return typeof value === 'string' && (DISMISS_STORAGES as readonly string[]).includes(value);
}

/** What the visibility rules read about the visitor (spec 3 'User data'). */
export interface CardAudience {
  isGuest: boolean;
  /** The signed-in visitor's user data; null while loading or when it failed. */
  userData: {
    IsPartner: string;
    IsPrimaryContact: string;
    IsPrincipalContact: string;
    Market: string | null;
    PartnerProductInterestClient: string | null;
    PartnerProductInterestPractice: string | null;
    /** Null when the flow has not started; missing when it could not be read. */
    updateAccountFlowScreen?: string | null;
  } | null;
}

const UPDATE_ACCOUNT_STAGES: Partial<Record<DismissibleCardVariation, UpdateAccountFlowStage>> = {
  'Partner Update Account - Not started': 'not-started',
  'Partner Update Account - Unfinished': 'unfinished',
  'Partner Update Account - Finished': 'finished',
};

/**
 * Spec 5 'Dismissible card visibility'. A dismissed card is hidden whatever its variation.
 * Partner variations need the user data; while it loads or after it failed they stay hidden,
 * and an update-account card also needs the flow screen to have been read.
 */
export function isCardVisible(
  variation: DismissibleCardVariation,
  audience: CardAudience,
  dismissed: boolean,
): boolean {
  if (dismissed) return false;
  if (variation === 'Generic') return true;
  if (variation === 'Un-auth') return audience.isGuest;
  const user = audience.userData;
  if (audience.isGuest || user === null) return false;
  if (user.IsPartner !== 'true') return false;
  if (user.IsPrimaryContact !== 'true' && user.IsPrincipalContact !== 'true') return false;
  const personalised = isPersonaliseFlowCompleted(user);
  if (variation === 'Partner Start PE') return isPartnerMarket(user.Market) && !personalised;
  if (variation === 'Partner Update PE') return isPartnerMarket(user.Market) && personalised;
  if (user.updateAccountFlowScreen === undefined) return false;
  return UPDATE_ACCOUNT_STAGES[variation] === updateAccountFlowStage(user.updateAccountFlowScreen);
}
