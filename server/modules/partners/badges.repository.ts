import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PartnerBadgeAssertionRow, PartnersTables } from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* Recognition badges issued to partners. */

const inForceKey = (userId: string, tier: string) => `${userId}:${tier}`;

/** Issues the partner's badge for the tier unless one is in force; answers the one in force. */
export async function issueIfAbsent(
  db: Db,
  badge: { id: string; userId: string; tier: string; issuedAt: string },
): Promise<PartnerBadgeAssertionRow> {
  const key = inForceKey(badge.userId, badge.tier);
  await db
    .insertInto('partner_badge_assertion')
    .values({
      id: badge.id,
      user_id: badge.userId,
      tier: badge.tier,
      issued_at: badge.issuedAt,
      revoked_at: null,
      in_force_key: key,
    })
    .onConflict((conflict) => conflict.column('in_force_key').doNothing())
    .execute();
  return db
    .selectFrom('partner_badge_assertion')
    .selectAll()
    .where('in_force_key', '=', key)
    .executeTakeFirstOrThrow();
}

export async function findAssertion(
  db: Db,
  id: string,
): Promise<PartnerBadgeAssertionRow | undefined> {
  return db
    .selectFrom('partner_badge_assertion')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listInForce(db: Db, userId: string): Promise<PartnerBadgeAssertionRow[]> {
  return db
    .selectFrom('partner_badge_assertion')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revoke(db: Db, ids: readonly string[], revokedAt: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('partner_badge_assertion')
    .set({ revoked_at: revokedAt, in_force_key: null })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
}
