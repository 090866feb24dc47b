/**
 * Signed links in e-mails: 'manage' opens a guest's preferences, 'confirm' confirms an address
 * (double opt-in), 'unsubscribe' is the one-click unsubscribe URL of RFC 8058, 'delete-account'
 * confirms a request to delete the account of that address. The server signs them; these are
 * the rules both sides share.
 */
export const PREFERENCE_LINK_PURPOSES = [
  'manage',
  'confirm',
  'unsubscribe',
  'delete-account',
] as const;
export type PreferenceLinkPurpose = (typeof PREFERENCE_LINK_PURPOSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a link works: a confirmation soon goes stale; a link in an old e-mail should work. */
export const PREFERENCE_LINK_LIFETIME_MS: Readonly<Record<PreferenceLinkPurpose, number>> = {
  manage: 90 * DAY_MS,
  confirm: 7 * DAY_MS,
  unsubscribe: 365 * DAY_MS,
  // Deleting an account is the one link whose holder can do lasting harm: it goes stale soon.
  'delete-account': DAY_MS,
};

export interface PreferenceLinkPayload {
  purpose: PreferenceLinkPurpose;
  email: string;
  /** Epoch ms after which the link no longer works. */
  expiresAt: number;
  /** 'unsubscribe' links may name one topic; without one they stop every marketing e-mail. */
  topic?: string;
}

export type PreferenceLinkProblem = 'forged' | 'expired' | 'other-address';

/** What the page says about a link that changes nothing. */
export const PREFERENCE_LINK_PROBLEMS: Readonly<Record<PreferenceLinkProblem, string>> = {
  forged: 'This link is not valid: it may have been changed or cut short. Nothing was changed.',
  expired:
    'This link has expired. Nothing was changed. Use the link in a more recent e-mail, or sign in.',
  'other-address':
    'This link is for another e-mail address than the one you are signed in with. Nothing was changed.',
};

/** The payload a link carries when it is made now. */
export function preferenceLinkPayload(
  purpose: PreferenceLinkPurpose,
  email: string,
  now: Date,
  topic?: string,
): PreferenceLinkPayload {
  return {
    purpose,
    email,
    expiresAt: now.getTime() + PREFERENCE_LINK_LIFETIME_MS[purpose],
    ...(topic ? { topic } : {}),
  };
}

/** Reads a payload's JSON; undefined for anything that is not one, or not for this purpose. */
export function readPreferenceLinkPayload(
  json: string,
  purpose: PreferenceLinkPurpose,
): PreferenceLinkPayload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const fields = value as Record<string, unknown>;
  if (fields.purpose !== purpose) return undefined;
  if (typeof fields.email !== 'string' || typeof fields.expiresAt !== 'number') return undefined;
  if (fields.topic !== undefined && typeof fields.topic !== 'string') return undefined;
  return {
    purpose,
    email: fields.email,
    expiresAt: fields.expiresAt,
    ...(typeof fields.topic === 'string' ? { topic: fields.topic } : {}),
  };
}

/** Whether a genuine link still works, and for whom it may be used. */
export function checkPreferenceLink(
  payload: PreferenceLinkPayload,
  now: Date,
  signedInEmail: string | null,
): PreferenceLinkProblem | undefined {
  if (now.getTime() > payload.expiresAt) return 'expired';
  if (signedInEmail !== null && signedInEmail.toLowerCase() !== payload.email) {
    return 'other-address';
  }
  return undefined;
}
