import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument } from '~tests/support/search-documents.ts';
import { saveSearchDocument } from '~server/modules/search';
import { searchProvider } from './0018-search-provider.ts';

describeEachDialect('migration 0018-search-provider', (database) => {
  it("gives guides the object type 'Guide__c' and apps the source 'Apps', and SQLite's field copy the answers", async () => {
    const { db } = database();
    const migrating = db as unknown as Kysely<unknown>;
    await searchProvider.down(migrating);
    await saveSearchDocument(
      db,
      articleDocument('guide', { objecttype: 'Guide', documenttype: 'Guide' }),
    );
    await saveSearchDocument(
      db,
      articleDocument('app', { objecttype: 'MarketplaceApp', syssource: 'Help content' }),
    );
    await saveSearchDocument(
      db,
      articleDocument('question', {
        objecttype: 'FeedItem',
        sfbestcommentid: 'c1',
        sfcommentcount: 2,
      }),
    );

    await searchProvider.up(migrating);

    const row = (id: string) =>
      db
        .selectFrom('search_document')
        .selectAll()
        .where('unique_id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await row('guide')).toMatchObject({ objecttype: 'Guide__c', documenttype: 'Guide__c' });
    expect((await row('app')).syssource).toBe('Apps');
    if (database().dialect === 'sqlite') {
      const fields = await sql<{ sfbestcommentid: string | null; sfcommentcount: number | null }>`
        select sfbestcommentid, sfcommentcount from search_document_fields where unique_id = 'question'`.execute(
        db,
      );
      expect(fields.rows).toEqual([{ sfbestcommentid: 'c1', sfcommentcount: 2 }]);
      // The triggers copy them for documents written from now on.
      await saveSearchDocument(db, articleDocument('later', { sfcommentcount: 1 }));
      const later = await sql<{ sfcommentcount: number }>`
        select sfcommentcount from search_document_fields where unique_id = 'later'`.execute(db);
      expect(later.rows).toEqual([{ sfcommentcount: 1 }]);
    }
  });
});
