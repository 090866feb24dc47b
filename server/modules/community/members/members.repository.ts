import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

type Db = ModuleDatabase<Pick<CommunityTables, 'community_profile'>>;

export async function findProfileAbout(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('community_profile')
    .select('about')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.about;
}

export async function saveProfileAbout(
  db: Db,
  userId: string,
  about: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('community_profile')
    .values({ user_id: userId, about, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ about, updated_at: now }))
    .execute();
}
