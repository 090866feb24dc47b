import type { ModuleDatabase } from '~server/db/schema.ts';
import type { SearchTables } from './search.tables.ts';

type Db = ModuleDatabase<SearchTables>;

export async function listSynonymTerms(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('search_synonym')
    .select('terms')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.terms);
}

/**
 * Stores a rule unless the same one is there, and raises the index version in the same
 * transaction, so every process's cached plans and candidates (and cached answers) retire.
 */
export async function insertSynonym(
  db: Db,
  row: { id: string; terms: string; created_at: string; created_by: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('search_synonym')
    .values(row)
    .onConflict((conflict) => conflict.column('terms').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return false;
  await db
    .updateTable('search_index_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
  return true;
}
