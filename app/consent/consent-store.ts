import { CONSENT_COOKIE_NAME, type ConsentState } from '~core/analytics';
import {
  COOKIE_SETTINGS_FRAGMENT,
  CONSENT_POLICY_VERSION,
  CONSENT_RECORDS_PATH,
  consentFromGroups,
  consentModeSignals,
  defaultConsent,
  effectiveConsent,
  needsAsking,
  parseStoredConsent,
  serializeConsentCookie,
  type ConsentGroupCode,
  type ConsentMethod,
  type VisitorSignals,
} from '~core/consent';
import type { Region } from '~core/regions';
import { readCookie } from '~core/site';
import { csrfHeaders } from '../csrf.ts';
import { dataLayer } from '../analytics/data-layer.ts';

/** What the banner and the settings dialog show. */
export interface ConsentView {
  /** The first-visit banner (or the one asking again after a new policy version). */
  bannerOpen: boolean;
  settingsOpen: boolean;
  consent: ConsentState;
  /** Polite announcement for screen readers after a choice. */
  announcement: string;
}

const CLOSED: ConsentView = Object.freeze({
  bannerOpen: false,
  settingsOpen: false,
  consent: defaultConsent({ region: 'ROW', globalPrivacyControl: false }),
  announcement: '',
});

let view: ConsentView = CLOSED;
let signals: VisitorSignals = { region: 'ROW', globalPrivacyControl: false };
const listeners = new Set<() => void>();

function update(next: Partial<ConsentView>): void {
  view = { ...view, ...next };
  for (const listener of listeners) listener();
}

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const consentView = (): ConsentView => view;
export const serverConsentView = (): ConsentView => CLOSED;

const storedCookie = () => readCookie(document.cookie, CONSENT_COOKIE_NAME);

/**
 * The consent that applies now, read on every call so a choice takes effect without a reload:
 * the CookieConsent cookie, or the region's default before the visitor has chosen.
 */
export function consentNow(): ConsentState {
  if (typeof document === 'undefined') return CLOSED.consent;
  return effectiveConsent(storedCookie(), signals);
}

/**
 * Consent Mode v2 (gtag's 'consent' command) on the data layer. Tags read the arguments object
 * itself, not an array, so gtag's own shape is kept.
 */
function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- tag managers recognise only an Arguments object
  dataLayer().push(arguments);
}

function globalPrivacyControl(): boolean {
  return (
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

// Before any tag can run (this module loads with the page's first script): everything refused
// except what a stored choice grants, and tags asked to wait for the region's answer.
if (typeof window !== 'undefined') {
  const stored = parseStoredConsent(storedCookie());
  gtag('consent', 'default', {
    ...consentModeSignals(stored?.state ?? CLOSED.consent),
    wait_for_update: 500,
  });
}

/** Called once the page knows the visitor's region: applies its defaults and opens the banner. */
export function startConsent(region: Region): void {
  signals = { region, globalPrivacyControl: globalPrivacyControl() };
  const stored = parseStoredConsent(storedCookie());
  const consent = consentNow();
  gtag('consent', 'update', consentModeSignals(consent));
  update({
    consent,
    bannerOpen: needsAsking(stored),
    ...(window.location.hash === COOKIE_SETTINGS_FRAGMENT ? { settingsOpen: true } : {}),
  });
}

/** Opens the dialog whenever the page's fragment becomes #cookie-settings; returns the undo. */
export function openSettingsOnFragment(): () => void {
  const listener = () => {
    if (window.location.hash === COOKIE_SETTINGS_FRAGMENT) openCookieSettings();
  };
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** The visitor's anonymous id: kept from an earlier choice, otherwise new. */
function visitorStamp(): string {
  return parseStoredConsent(storedCookie())?.stamp || crypto.randomUUID();
}

function announce(consent: ConsentState): string {
  const granted = (['preferences', 'statistics', 'marketing'] as const).filter(
    (category) => consent[category],
  );
  return granted.length === 0
    ? 'Cookie choice saved: only strictly necessary cookies.'
    : `Cookie choice saved: strictly necessary and ${granted.join(', ')}.`;
}

/**
 * Spec 4's mirroring: the groups the visitor chose rewrite the CookieConsent cookie (365 days)
 * with FUNC → Preferences, PERF → Statistics, TARG → Marketing. Tags hear of it at once, and the
 * server keeps a record of it (a lost record never blocks the choice itself).
 */
export function chooseConsent(groups: readonly ConsentGroupCode[], method: ConsentMethod): void {
  const consent = consentFromGroups(groups);
  const stamp = visitorStamp();
  document.cookie = serializeConsentCookie(
    {
      stamp,
      state: consent,
      method,
      version: CONSENT_POLICY_VERSION,
      region: signals.region,
      utc: Date.now(),
    },
    window.location.protocol === 'https:',
  );
  gtag('consent', 'update', consentModeSignals(consent));
  update({ consent, bannerOpen: false, settingsOpen: false, announcement: announce(consent) });
  void fetch(CONSENT_RECORDS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...csrfHeaders() },
    body: JSON.stringify({
      visitorId: stamp,
      groups,
      method,
      policyVersion: CONSENT_POLICY_VERSION,
      region: signals.region,
      globalPrivacyControl: signals.globalPrivacyControl,
    }),
  }).catch(() => {
    // The cookie already holds the choice; the record is the server's copy of it.
  });
}

export function openCookieSettings(): void {
  update({ settingsOpen: true });
}

export function closeCookieSettings(): void {
  update({ settingsOpen: false });
}
