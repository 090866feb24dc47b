import type { ModuleDatabase } from '~server/db/schema.ts';
import type { IdentityTables, PortalSessionRow, PortalUserRow } from './identity.tables.ts';

type Db = ModuleDatabase<IdentityTables>;

export async function insertSession(db: Db, session: PortalSessionRow): Promise<void> {
  await db.insertInto('portal_session').values(session).execute();
}

/** The session with this id and its user, unless it has passed either of its expiry times. */
export async function findLiveSession(
  db: Db,
  id: string,
  now: Date,
): Promise<{ session: PortalSessionRow; user: PortalUserRow } | undefined> {
  const at = now.toISOString();
  const session = await db
    .selectFrom('portal_session')
    .selectAll()
    .where('id', '=', id)
    .where('idle_expires_at', '>', at)
    .where('absolute_expires_at', '>', at)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await db
    .selectFrom('portal_user')
    .selectAll()
    .where('id', '=', session.user_id)
    .executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function updateSessionActivity(
  db: Db,
  id: string,
  lastSeenAt: string,
  idleExpiresAt: string,
): Promise<void> {
  await db
    .updateTable('portal_session')
    .set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('portal_session').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .deleteFrom('portal_session')
    .where((where) =>
      where.or([where('idle_expires_at', '<=', at), where('absolute_expires_at', '<=', at)]),
    )
    .execute();
}
