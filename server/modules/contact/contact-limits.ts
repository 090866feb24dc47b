import type { Kysely } from 'kysely';
import { CODES_PER_ADDRESS_PER_HOUR } from '~core/contact';
import type { Database } from '~server/db/schema.ts';
import { countRateLimitHit } from '~server/modules/site';

/*
 * The contact forms' abuse limits (decision 026): counted in the database's rate-limit windows,
 * so every process of a deployment counts the same window, and counted in one statement, so
 * requests racing each other cannot slip past a limit together.
 */

const HOUR = 60 * 60_000;

export const CONTACT_LIMITS = {
  /** Codes mailed to one address: a flood of requests never floods its inbox. */
  codesPerAddress: { max: CODES_PER_ADDRESS_PER_HOUR, windowMs: HOUR },
  /** Codes asked for from one network address, whatever addresses it names. */
  codesPerNetwork: { max: 10, windowMs: HOUR },
  /** Codes typed from one network address: 6 digits are not guessed by trying many codes. */
  triesPerNetwork: { max: 30, windowMs: HOUR },
  /** Cases, bookings and callbacks asked for from one network address. */
  requestsPerNetwork: { max: 20, windowMs: HOUR },
  /** Bookings and callbacks for one e-mail address or phone number. */
  requestsPerAddress: { max: 5, windowMs: HOUR },
} as const;

export type ContactLimit = keyof typeof CONTACT_LIMITS;

export const LIMIT_MESSAGE =
  'We have had many requests from you in the last hour. Try again later, or use another way to reach us.';

/** Counts one request against the limit for `key`; false once the limit is passed. */
export async function withinContactLimit(
  db: Kysely<Database>,
  limit: ContactLimit,
  key: string,
  now: Date,
): Promise<boolean> {
  const { max, windowMs } = CONTACT_LIMITS[limit];
  const window = await countRateLimitHit(db, `contact-${limit}|${key}`, windowMs, now.getTime());
  return window.count <= max;
}
