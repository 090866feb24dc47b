import type { Database, ModuleDatabase } from '~server/db/schema.ts';

/** The site module's one table: settings of the installation, by key. */
type Db = ModuleDatabase<Pick<Database, 'app_setting'>>;

const INSTALLED_AT = 'installed_at';

export async function getSiteSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function setSiteSetting(
  db: Db,
  key: string,
  value: string,
  now: Date = new Date(),
): Promise<void> {
  const updatedAt = now.toISOString();
  // ON CONFLICT … DO UPDATE is spelled the same on SQLite and PostgreSQL.
  await db
    .insertInto('app_setting')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** Stores the installation time the first time it is called; returns the stored time. */
export async function recordInstallation(db: Db, now: Date = new Date()): Promise<string> {
  const installedAt = now.toISOString();
  // DO NOTHING on conflict keeps the first value even when two processes start together.
  await db
    .insertInto('app_setting')
    .values({ key: INSTALLED_AT, value: installedAt, updated_at: installedAt })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', INSTALLED_AT)
    .executeTakeFirstOrThrow();
  return stored.value;
}
