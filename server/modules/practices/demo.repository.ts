import type { Insertable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PracticesTables } from './practices.tables.ts';

type Db = ModuleDatabase<PracticesTables>;

/** Rows per insert statement: well under either dialect's limit on bound values. */
const CHUNK = 100;

/** Writes many rows of one table in few statements (the demo's and the benchmark's bulk). */
export async function insertRows<Table extends keyof PracticesTables>(
  db: Db,
  table: Table,
  rows: readonly Insertable<PracticesTables[Table]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK) as never)
      .execute();
}
