import type { Kysely } from 'kysely';
import { mayPostNow, POSTING_WINDOW_MS } from '~core/community';
import type { Database } from '~server/db/schema.ts';
import type { PortalUser } from '~server/modules/identity';
import { CommunityError } from './community-error.ts';
import { isModerator } from './community.policy.ts';
import * as repository from './posting-guard.repository.ts';

/**
 * Runs a create under the form's idempotency key: a key seen before answers the first
 * result again and writes nothing; otherwise the key is taken in the same transaction as the
 * write, so of two identical submits racing each other only one writes.
 */
export async function once(
  trx: Kysely<Database>,
  user: PortalUser,
  key: string | undefined,
  action: string,
  newId: string,
  now: Date,
  create: () => Promise<void>,
): Promise<{ id: string; created: boolean }> {
  if (key) {
    const existing = await repository.claimIdempotencyKey(trx, {
      user_id: user.id,
      key,
      action,
      result_id: newId,
      created_at: now.toISOString(),
    });
    if (existing) {
      if (existing.action !== action) {
        throw new CommunityError(
          'INVALID_INPUT',
          'This form was already sent. Reload the page and try again.',
        );
      }
      return { id: existing.result_id, created: false };
    }
  }
  await checkRate(trx, user, now);
  await create();
  return { id: newId, created: true };
}

async function checkRate(db: Kysely<Database>, user: PortalUser, now: Date): Promise<void> {
  if (isModerator(user)) return;
  const since = new Date(now.getTime() - POSTING_WINDOW_MS).toISOString();
  const times = await repository.listPostTimesSince(db, user.id, since);
  if (
    !mayPostNow(
      times.map((time) => Date.parse(time)),
      now.getTime(),
    )
  ) {
    throw new CommunityError(
      'RATE_LIMITED',
      'You are posting very quickly. Wait a few minutes and try again; your text has been kept.',
    );
  }
}
