import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import * as repository from './moderation.repository.ts';

/**
 * Records who hid, restored, locked, unlocked or re-statused what, in the transaction of the
 * change itself.
 */
export async function logModerationAction(
  trx: Kysely<Database>,
  entry: { targetKind: string; targetId: string; action: string; moderatorId: string; at: string },
): Promise<void> {
  await repository.insertModerationAction(trx, {
    id: randomUUID(),
    target_kind: entry.targetKind,
    target_id: entry.targetId,
    action: entry.action,
    moderator_id: entry.moderatorId,
    created_at: entry.at,
  });
}
