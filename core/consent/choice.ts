import { NO_CONSENT, type ConsentState } from '~core/analytics';
import { GROUP_CATEGORY, isConsentGroupCode, type ConsentGroupCode } from './groups.ts';

/**
 * The consent policy's version. Raising it asks every visitor again: a choice made under an
 * older policy shows the banner once more (it still applies until the visitor answers).
 */
export const CONSENT_POLICY_VERSION = 1;

/** Where the consent banner posts each choice (POST, JSON, with the CSRF token). */
export const CONSENT_RECORDS_PATH = '/api/consent';

/** How a choice was made: the banner's buttons, the settings dialog, or the region's defaults. */
export type ConsentMethod = 'accept-all' | 'reject-all' | 'choose';

/**
 * Spec 4's mirroring: the consent state for the groups the consent manager reports. Unknown
 * group codes grant nothing; essential is always on.
 */
export function consentFromGroups(groups: readonly string[]): ConsentState {
  const state = { ...NO_CONSENT };
  for (const group of groups) {
    if (isConsentGroupCode(group)) state[GROUP_CATEGORY[group]] = true;
  }
  return Object.freeze(state);
}

/** The groups granted by each banner button. */
export function groupsForMethod(
  method: Exclude<ConsentMethod, 'choose'>,
): readonly ConsentGroupCode[] {
  return method === 'accept-all' ? ['FUNC', 'PERF', 'TARG'] : [];
}

/**
 * The fragment that opens the cookie settings dialog: a link to `#cookie-settings` (a privacy
 * notice's "change your cookie settings") opens it on any page, on arrival or on click.
 */
export const COOKIE_SETTINGS_FRAGMENT = '#cookie-settings';
