import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { upsertSearchDocument } from './search-documents.repository.ts';
import { searchProviderFor } from './search-provider.ts';
import { optimizeSearchIndex } from './search-index-maintenance.repository.ts';

function articleNumber(index: number) {
  return articleDocument(`maintained-${index}`, {
    title: `Payroll guide ${index}`,
    excerpt: `Pay employees on schedule ${index}.`,
    body_text: `Run payroll, file the pay run and send payslips. Guide number ${index}.`,
    sfcreateddate: `2026-01-${String((index % 28) + 1).padStart(2, '0')}`,
  });
}

// An FTS5 data row's id carries its segment in the bits above 37 (rows 1 and 10 are the
// averages and the structure record).
async function segments(database: PortalDatabase, index: string): Promise<number> {
  const rows = await sql<{ segments: number }>`
    select count(distinct id >> 37) as segments from ${sql.table(`${index}_data`)}
    where id > 10`.execute(database.db);
  return Number(rows.rows[0]?.segments);
}

// The size of the SQLite database's write-ahead log.
async function writeAheadLogBytes(database: PortalDatabase): Promise<number> {
  const files = await sql<{ name: string; file: string }>`pragma database_list`.execute(
    database.db,
  );
  const main = files.rows.find((row) => row.name === 'main')!;
  return statSync(`${main.file}-wal`).size;
}

const query = engineRequest('payroll', { limit: 50 });

describeEachDialect('optimizeSearchIndex', (database) => {
  it('leaves every result as it was, and on SQLite merges each full-text index into one segment and empties the write-ahead log', async () => {
    // Each write in its own transaction, as single edits come: FTS5 adds a segment for each.
    for (let index = 0; index < 40; index += 1) {
      await upsertSearchDocument(database().db, articleNumber(index));
    }
    const engine = searchProviderFor(database());
    const before = await engine.search(query);
    if (database().dialect === 'sqlite') {
      expect(await segments(database(), 'search_fts')).toBeGreaterThan(1);
      expect(await writeAheadLogBytes(database())).toBeGreaterThan(0);
    }
    await optimizeSearchIndex(database().db);
    const after = await searchProviderFor(database()).search(query);
    expect(after.total).toBe(40);
    expect(after.hits.map((hit) => hit.document.unique_id)).toEqual(
      before.hits.map((hit) => hit.document.unique_id),
    );
    if (database().dialect === 'sqlite') {
      for (const index of ['search_fts', 'search_words', 'search_titles']) {
        expect(await segments(database(), index)).toBe(1);
      }
      expect(await writeAheadLogBytes(database())).toBe(0);
      await sql`insert into search_fts (search_fts) values ('integrity-check')`.execute(
        database().db,
      );
    }
  });

  it("on PostgreSQL gives the planner the tables' statistics at once", async () => {
    if (database().dialect !== 'postgres') return;
    const { db } = database();
    const planned = async () => {
      const { rows } = await sql<{ relname: string; reltuples: number }>`
        select relname, reltuples from pg_class
        where relnamespace = current_schema()::regnamespace
          and relname in ('search_document', 'search_index')
        order by relname`.execute(db);
      return rows.map((row) => [row.relname, Number(row.reltuples)]);
    };
    for (let index = 100; index < 112; index += 1) {
      await upsertSearchDocument(db, articleNumber(index));
    }
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from search_index`.execute(db);
    const stored = Number(rows[0]?.count);
    const expected = [
      ['search_document', stored],
      ['search_index', stored],
    ];
    // Autovacuum has not come by: the planner does not know how many rows there are.
    expect(await planned()).not.toEqual(expected);
    await optimizeSearchIndex(db);
    expect(await planned()).toEqual(expected);
  });
});
