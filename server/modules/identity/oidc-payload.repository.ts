import type { ModuleDatabase } from '~server/db/schema.ts';
import type { IdentityTables, OidcPayloadRow } from './identity.tables.ts';

type Db = ModuleDatabase<IdentityTables>;

export async function upsertOidcPayload(db: Db, row: OidcPayloadRow): Promise<void> {
  const { payload, grant_id, user_code, uid, expires_at, consumed_at } = row;
  const changes = { payload, grant_id, user_code, uid, expires_at, consumed_at };
  await db
    .insertInto('oidc_payload')
    .values(row)
    .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet(changes))
    .execute();
}

export async function findOidcPayload(
  db: Db,
  kind: string,
  where: { column: 'id' | 'uid' | 'user_code'; value: string },
): Promise<OidcPayloadRow | undefined> {
  return db
    .selectFrom('oidc_payload')
    .selectAll()
    .where('kind', '=', kind)
    .where(where.column, '=', where.value)
    .executeTakeFirst();
}

export async function markOidcPayloadConsumed(
  db: Db,
  kind: string,
  id: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('oidc_payload')
    .set({ consumed_at: at })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
}

export async function deleteOidcPayload(db: Db, kind: string, id: string) {
  await db.deleteFrom('oidc_payload').where('kind', '=', kind).where('id', '=', id).execute();
}

export async function deleteOidcPayloadsOfGrant(db: Db, grantId: string) {
  await db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
}

export async function deleteExpiredOidcPayloads(db: Db, now: string) {
  await db.deleteFrom('oidc_payload').where('expires_at', '<=', now).execute();
}
