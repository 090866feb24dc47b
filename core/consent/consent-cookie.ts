import {
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CONSENT_COOKIE_NAME,
  parseConsentCookie,
  type ConsentState,
} from '~core/analytics';
import { mapRegion, type Region } from '~core/regions';
import { serializeCookie } from '~core/site';
import { CONSENT_POLICY_VERSION, type ConsentMethod } from './choice.ts';

/** A choice as the CookieConsent cookie keeps it. */
export interface StoredConsent {
  /** The visitor's anonymous id, which the server's consent records are kept under. */
  stamp: string;
  state: ConsentState;
  method: ConsentMethod;
  /** The policy version the choice was made under; 0 when the cookie does not say. */
  version: number;
  region: Region;
  /** When it was made (epoch ms). */
  utc: number;
}

/**
 * The cookie's value: JSON with the spec's Preferences, Statistics and Marketing as booleans
 * (lower case, as consent managers write them and parseConsentCookie reads them), beside the
 * stamp, method, policy version, region and time.
 */
export function consentCookieValue(choice: StoredConsent): string {
  return JSON.stringify({
    stamp: choice.stamp,
    necessary: true,
    preferences: choice.state.preferences,
    statistics: choice.state.statistics,
    marketing: choice.state.marketing,
    method: choice.method,
    ver: choice.version,
    region: choice.region,
    utc: choice.utc,
  });
}

/** The Set-Cookie / document.cookie string: 365 days, site-wide. */
export function serializeConsentCookie(choice: StoredConsent, secure: boolean): string {
  return serializeCookie(CONSENT_COOKIE_NAME, consentCookieValue(choice), {
    maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_SECONDS,
    secure,
  });
}

const METHODS: readonly ConsentMethod[] = ['accept-all', 'reject-all', 'choose'];
const STAMP = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The stored choice, or null when there is none. A cookie another consent manager wrote (or an
 * older form) still gives its state, with version 0 and no stamp of ours, so the banner asks.
 */
export function parseStoredConsent(value: string | null | undefined): StoredConsent | null {
  if (!value) return null;
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      fields = parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: the unquoted form, read for its state alone.
  }
  const { stamp, method, ver, region, utc } = fields;
  return {
    stamp: typeof stamp === 'string' && STAMP.test(stamp) ? stamp : '',
    state: parseConsentCookie(value),
    method: METHODS.includes(method as ConsentMethod) ? (method as ConsentMethod) : 'choose',
    version: typeof ver === 'number' && Number.isInteger(ver) && ver > 0 ? ver : 0,
    region: mapRegion(typeof region === 'string' ? region : undefined),
    utc: typeof utc === 'number' && Number.isFinite(utc) ? utc : 0,
  };
}

/** Whether the banner must ask: no choice yet, or one made under an older policy. */
export function needsAsking(
  stored: StoredConsent | null,
  version: number = CONSENT_POLICY_VERSION,
): boolean {
  return !stored || stored.version < version;
}
