import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { upsertSearchDocument } from '../search-documents.repository.ts';
import {
  createSqliteSearchEngine,
  rowidList,
  weighsNothingInBm25,
} from './sqlite-search.repository.ts';

describe('weighsNothingInBm25', () => {
  it('is true from half of the documents on, where FTS5 floors the idf', () => {
    expect(weighsNothingInBm25(50, 100)).toBe(true);
    expect(weighsNothingInBm25(100, 100)).toBe(true);
    expect(weighsNothingInBm25(49, 100)).toBe(false);
    expect(weighsNothingInBm25(3, 5)).toBe(true);
    expect(weighsNothingInBm25(2, 5)).toBe(false);
    expect(weighsNothingInBm25(0, 0)).toBe(false);
  });
});

describe('rowidList', () => {
  it('reads the rowids group_concat joins with commas, in their order', () => {
    expect(Array.from(rowidList('7,12,3,100000'))).toEqual([7, 12, 3, 100_000]);
    expect(Array.from(rowidList('42'))).toEqual([42]);
    expect(Array.from(rowidList('0,1'))).toEqual([0, 1]);
  });

  it('keeps rowids beyond 32 bits exact', () => {
    expect(Array.from(rowidList('4294967296,9007199254740991'))).toEqual([
      4_294_967_296, 9_007_199_254_740_991,
    ]);
  });

  it('is empty for no matches (group_concat of no rows is null)', () => {
    expect(rowidList(null)).toHaveLength(0);
    expect(rowidList('')).toHaveLength(0);
  });
});

const byId = (hits: { document: { unique_id: string } }[]) =>
  hits.map((hit) => hit.document.unique_id);

// Every document mentions the bank; two of seven mention the feed, one of them twice; one
// reconciles, and one has only a longer word sharing reconcile's first 7 letters.
const BODIES = [
  'Connect a bank feed. The feed imports bank lines.',
  'A bank feed brings statement lines in.',
  'Add a bank account by hand.',
  'Bank rules code transactions.',
  'Close the bank account.',
  'Reconcile the bank account, then reconcile the card.',
  'Reconciliation reports list the bank lines the feed brought.',
];

const query = (text: string) => engineRequest(text);

describe('SQLite scoring leaves out what cannot change bm25', () => {
  let directory: string;
  let database: PortalDatabase;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'portal-scoring-'));
    database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
    await migrateToLatest(database);
    for (const [index, body] of BODIES.entries()) {
      await upsertSearchDocument(
        database.db,
        articleDocument(`doc-${index}`, { title: `Document ${index}`, body_text: body }),
      );
    }
  });

  afterAll(async () => {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  });

  // What FTS5 gives for the whole query: the scores the engine must keep.
  async function fullBm25(match: string): Promise<Map<string, number>> {
    const rows = await sql<{ unique_id: string; relevance: number }>`
      select d.unique_id, -bm25(search_fts, 10.0, 3.0, 1.0) as relevance
      from search_fts join search_document d on d.rowid = search_fts.rowid
      where search_fts match ${match}`.execute(database.db);
    return new Map(rows.rows.map((row) => [row.unique_id, row.relevance]));
  }

  it.each([
    ['bank feed', '"bank" AND "feed"'],
    ['feed -rules', '"feed" NOT "rules"'],
    ['bank', '"bank"'],
    ['bank account', '"bank" AND "account"'],
  ])('scores %s as bm25 over the whole query does', async (text, match) => {
    const expected = await fullBm25(match);
    const result = await createSqliteSearchEngine(database.db, { resultCache: false }).search(
      query(text),
    );
    expect(result.hits.map((hit) => hit.document.unique_id).sort()).toEqual(
      [...expected.keys()].sort(),
    );
    for (const hit of result.hits) {
      expect(hit.score).toBeCloseTo(expected.get(hit.document.unique_id)!, 5);
    }
  });

  it('scores a phrase by its words, finding only the documents holding the phrase', async () => {
    const expected = await fullBm25('"feed"');
    const result = await createSqliteSearchEngine(database.db, { resultCache: false }).search(
      query('"bank feed"'),
    );
    expect(byId(result.hits).sort()).toEqual(['doc-0', 'doc-1']);
    for (const hit of result.hits) {
      expect(hit.score).toBeCloseTo(expected.get(hit.document.unique_id)!, 5);
    }
  });

  it('ranks a long word by its own form; a document sharing only its beginning follows at 0', async () => {
    const expected = await fullBm25('"reconcile"');
    const result = await createSqliteSearchEngine(database.db, { resultCache: false }).search(
      query('reconcile'),
    );
    expect(byId(result.hits)).toEqual(['doc-5', 'doc-6']);
    expect(result.hits[0]!.score).toBeCloseTo(expected.get('doc-5')!, 5);
    expect(result.hits[1]!.score).toBe(0);
  });
});
