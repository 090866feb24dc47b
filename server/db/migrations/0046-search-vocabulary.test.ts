import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { createSearchProvider, saveSearchDocument } from '~server/modules/search';
import { searchVocabulary } from './0046-search-vocabulary.ts';

describeEachDialect('migration 0046-search-vocabulary', (database) => {
  it('keeps corrections and typed words working with the vocabulary alone, up and down', async () => {
    const { db, dialect } = database();
    await saveSearchDocument(
      db,
      articleDocument('reconcile', {
        title: 'Reconcile a bank account',
        body_text: 'Match each statement line to a transaction.',
      }),
    );
    // A new provider each time: nothing remembered of the words between the checks.
    const search = async (text: string) => {
      const result = await createSearchProvider(database()).search(engineRequest(text));
      return {
        ids: result.hits.map((hit) => hit.document.unique_id),
        corrected: result.correction,
      };
    };
    const definition = async () =>
      (
        await sql<{
          sql: string;
        }>`select sql from sqlite_master where name = 'search_words'`.execute(db)
      ).rows[0]?.sql;
    const works = async () => {
      expect((await search('reconcle')).ids).toEqual(['reconcile']);
      expect((await search('statem')).ids).toEqual(['reconcile']);
    };
    await works();
    if (dialect === 'sqlite') expect(await definition()).toMatch(/detail=none, columnsize=0/);
    const migrating = db as unknown as Kysely<unknown>;
    await searchVocabulary.down(migrating);
    if (dialect === 'sqlite') expect(await definition()).toContain(`prefix='2 3 4 5 6'`);
    await works();
    await searchVocabulary.up(migrating);
    await works();
    // Later writes reach the rebuilt vocabulary through the triggers of 0045.
    await saveSearchDocument(
      db,
      articleDocument('depreciation', { title: 'Depreciation schedules', body_text: 'Assets.' }),
    );
    expect((await search('depreciaton')).ids).toEqual(['depreciation']);
  });
});
