import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { searchProviderFor, saveSearchDocument } from '~server/modules/search';
import { searchTypedPrefixes } from './0012-search-typed-prefixes.ts';

const typedPrefix = engineRequest('recon*');

describeEachDialect('migration 0012-search-typed-prefixes', (database) => {
  it('indexes 4, 5 and 6 letter beginnings on SQLite and finds typed prefixes before and after', async () => {
    const { db, dialect } = database();
    await saveSearchDocument(
      db,
      articleDocument('typed-prefix', {
        title: 'Reconnect a bank feed',
        body_text: 'Reconcile after you reconnect.',
      }),
    );
    const found = async () =>
      (await searchProviderFor(database()).search(typedPrefix)).hits.map(
        (hit) => hit.document.unique_id,
      );
    const definition = async () =>
      (
        await sql<{
          sql: string;
        }>`select sql from sqlite_master where name = 'search_words'`.execute(db)
      ).rows[0]?.sql;
    expect(await found()).toEqual(['typed-prefix']);
    // At the latest migration it is a vocabulary without prefix indexes (0046-search-vocabulary).
    if (dialect === 'sqlite') expect(await definition()).toContain('detail=none');
    const migrating = db as unknown as Kysely<unknown>;
    await searchTypedPrefixes.down(migrating);
    if (dialect === 'sqlite') expect(await definition()).toContain(`prefix='2 3'`);
    expect(await found()).toEqual(['typed-prefix']);
    await searchTypedPrefixes.up(migrating);
    expect(await found()).toEqual(['typed-prefix']);
    // The document's later edits still reach the rebuilt index through 0006's triggers.
    await sql`update search_document set body_text = 'Nothing to match.', title = 'Other'
      where unique_id = 'typed-prefix'`.execute(db);
    expect(await found()).toEqual([]);
  });
});
