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
  return `${DISMISS_KEY_PREFIX}${variation}`;
}

const DISMISS_KEY_PREFIX = 'dismissible-card:';

/** The attribute a card rendered before its dismissal was read carries: its storage key. */
export const DISMISS_KEY_ATTRIBUTE = 'data-dismiss-key';

/**
 * The page head's script, run before the first paint: a style rule hides every card whose key
 * the browser's storage holds as dismissed, so a card rendered on the server (where storage
 * cannot be read) neither flashes up when dismissed nor pushes the page down when it appears
 * after load. The same text on every page, so a Content Security Policy can name it by hash.
 */
export const HIDE_DISMISSED_CARDS_SCRIPT = `(function(){try{var s=[];[window.sessionStorage,window.localStorage].forEach(function(t){for(var i=0;i<t.length;i++){var k=t.key(i);if(k&&k.indexOf(${JSON.stringify(DISMISS_KEY_PREFIX)})===0&&t.getItem(k)===${JSON.stringify(DISMISSED_VALUE)})s.push('[${DISMISS_KEY_ATTRIBUTE}="'+k.replace(/["\\\\]/g,'')+'"]')}});if(s.length){var e=document.createElement('style');e.textContent=s.join(',')+'{display:none}';document.head.appendChild(e)}}catch(e){}})();`;

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
