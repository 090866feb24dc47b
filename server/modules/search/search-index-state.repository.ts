import type { Kysely } from 'kysely';
import type { SearchTables } from './search.tables.ts';

/** Goes up with every change of a search document (maintained by triggers, migration 0006). */
export async function searchIndexVersion(db: Kysely<SearchTables>): Promise<number> {
  const row = await db
    .selectFrom('search_index_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
