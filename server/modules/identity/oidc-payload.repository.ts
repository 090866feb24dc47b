import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type { OidcPayloadRow } from './identity.tables.ts';

export async function upsertOidcPayload(db: Kysely<Database>, row: OidcPayloadRow): Promise<void> {
  const { payload, grant_id, user_code, uid, expires_at, consumed_at } = row;
  const changes = { payload, grant_id, user_code, uid, expires_at, consumed_at };
  await db
    .insertInto('oidc_payload')
    .values(row)
    .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet(changes))
    .execute();
}

export async function findOidcPayload(
  db: Kysely<Database>,
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
  db: Kysely<Database>,
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

export async function deleteOidcPayload(db: Kysely<Database>, kind: string, id: string) {
  await db.deleteFrom('oidc_payload').where('kind', '=', kind).where('id', '=', id).execute();
}

export async function deleteOidcPayloadsOfGrant(db: Kysely<Database>, grantId: string) {
  await db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
}

export async function deleteExpiredOidcPayloads(db: Kysely<Database>, now: string) {
  await db.deleteFrom('oidc_payload').where('expires_at', '<=', now).execute();
}
