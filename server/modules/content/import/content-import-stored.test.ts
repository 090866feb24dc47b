import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { findSearchDocument, listSearchDocuments } from '~server/modules/search';
import { BASIC_FIXTURE, copyOfBasicFixture } from '../fixtures/fixture-folder.ts';
import { clearContent, importFolder, LATER } from './content-import.fixture.ts';
import { mediaContentKey } from './content-rows.ts';
import { contentIds, SEARCH_ORIGIN } from './planned-items.ts';

describeEachDialect('content import', (database) => {
  const db = () => database().db;
  let copy: Awaited<ReturnType<typeof copyOfBasicFixture>>;

  beforeEach(async () => {
    await clearContent(db());
    copy = await copyOfBasicFixture();
  });
  afterEach(async () => {
    await copy.release();
  });

  describe('what is stored', () => {
    beforeEach(async () => {
      await importFolder(db(), BASIC_FIXTURE);
    });

    it('gives every item the same record id on every installation', () => {
      // Fixed values: changing how ids are derived would move every imported URL.
      expect(contentIds.article('connect-a-bank-feed')).toBe('ka0niMlC6ERWE3PkuY');
      expect(contentIds.guide('set-up-banking')).toBe('a0G0qTa9QY5P0TCZlj');
      expect(contentIds.topic('banking')).toBe('0TO2VMcNfF3iBmihqN');
      expect(contentIds.article('run-a-pay-run')).not.toBe(
        contentIds.article('connect-a-bank-feed'),
      );
    });

    it('turns media references into media paths keyed on the bytes', async () => {
      const bytes = await readFile(join(BASIC_FIXTURE, 'media/bank-feed.png'));
      const key = mediaContentKey('bank-feed.png', bytes);
      const article = await db()
        .selectFrom('kb_article')
        .select('body')
        .where('url_name', '=', 'connect-a-bank-feed')
        .executeTakeFirstOrThrow();
      expect(article.body).toContain(`![The bank feed screen](/cms/delivery/media/${key})`);
      expect(article.body).not.toContain('](media/');
      const media = await db()
        .selectFrom('kb_media')
        .selectAll()
        .where('file_name', '=', 'bank-feed.png')
        .executeTakeFirstOrThrow();
      expect(media).toMatchObject({
        content_key: key,
        content_type: 'image/png',
        byte_size: bytes.byteLength,
      });
      expect(Buffer.from(media.bytes).equals(bytes)).toBe(true);
    });

    it('holds the raw search fields of an article', async () => {
      const id = contentIds.article('connect-a-bank-feed');
      expect(await findSearchDocument(db(), id)).toMatchObject({
        unique_id: id,
        permanentid: id,
        origin: SEARCH_ORIGIN,
        title: 'Connect a bank feed',
        excerpt: 'Link your business bank account so transactions arrive every day.',
        click_uri: '/s/article/connect-a-bank-feed',
        objecttype: 'Knowledge',
        common_contenttype: 'Article',
        language: 'en',
        region: 'AU',
        sfkbid: id,
        sfurlname: 'connect-a-bank-feed',
        sftopicid: contentIds.topic('bank-feeds'),
        sftopicfirstlevelc: 'Banking',
        sfcoreproductc: '["Ledgerleaf Accounting"]',
        sfaudiencec: '["small businesses","accountants and bookkeepers"]',
        sfcreateddate: '2025-02-11',
        mphaslisting: null,
      });
      const document = await findSearchDocument(db(), id);
      expect(JSON.parse(document?.topic_ids ?? '[]')).toEqual([
        contentIds.topic('bank-feeds'),
        contentIds.topic('banking'),
      ]);
      expect(document?.body_text).toContain('A bank feed brings transactions in automatically.');
      expect(document?.body_text).not.toContain('**');
    });

    it('lists products in catalogue order and keeps a given content type', async () => {
      const document = await findSearchDocument(db(), contentIds.article('run-a-pay-run'));
      expect(document).toMatchObject({
        common_contenttype: 'How-to',
        sfcoreproductc: '["Ledgerleaf Accounting","Ledgerleaf Payroll"]',
        sftopicfirstlevelc: 'Payroll',
      });
    });

    it('holds the marketplace fields of an app', async () => {
      const logo = mediaContentKey(
        'shelfwise.svg',
        await readFile(join(BASIC_FIXTURE, 'media/shelfwise.svg')),
      );
      expect(await findSearchDocument(db(), contentIds.marketplaceApp('shelfwise'))).toMatchObject({
        common_contenttype: 'Apps',
        click_uri: 'https://apps.ledgerleaf.example/app/shelfwise',
        mphaslisting: 'true',
        mpslug: 'shelfwise',
        mplandingpageurl: null,
        mplogohexcolor: '#2e7d32',
        mplogourl: `/cms/delivery/media/${logo}`,
        mpfunctions: '["Inventory","Point of sale"]',
        mpdescription: 'Shelfwise keeps your stock counts right.',
        mprating: 4.6,
        mpreviewcount: 128,
      });
      expect(await findSearchDocument(db(), contentIds.marketplaceApp('tillpoint'))).toMatchObject({
        click_uri: 'https://tillpoint.example/ledgerleaf',
        mphaslisting: 'false',
        syssource: 'Apps',
        mplandingpageurl: 'https://tillpoint.example/ledgerleaf',
        mplogohexcolor: '#13b5ea',
        mplogourl: null,
      });
    });

    it('holds guides, topics and glossary entries', async () => {
      const guideId = contentIds.guide('set-up-banking');
      expect(await findSearchDocument(db(), guideId)).toMatchObject({
        objecttype: 'Guide__c',
        common_contenttype: 'Guide',
        sfguidecid: guideId,
        click_uri: `/0/guide/${guideId}`,
      });
      const topicId = contentIds.topic('reconciliation');
      expect(await findSearchDocument(db(), topicId)).toMatchObject({
        objecttype: 'Topic',
        title: 'Reconciliation',
        sftopicid: topicId,
        sftopicfirstlevelc: 'Banking',
        click_uri: `/s/topic/${topicId}`,
      });
      expect(
        await findSearchDocument(db(), contentIds.glossaryEntry('accrual-accounting')),
      ).toMatchObject({
        title: 'Accrual accounting',
        common_contenttype: 'LedgerleafdotcomGlossary',
        click_uri: '/0/glossary/accrual-accounting',
      });
      expect((await listSearchDocuments(db(), SEARCH_ORIGIN)).length).toBe(12);
    });

    it('gives changed media bytes a new address and updates the articles that show them', async () => {
      await writeFile(
        join(copy.dir, 'media/bank-feed.png'),
        Buffer.concat([await readFile(join(copy.dir, 'media/bank-feed.png')), Buffer.from([0])]),
      );
      const report = await importFolder(db(), copy.dir, { now: LATER });
      expect(report.counts.media).toMatchObject({ updated: 1, unchanged: 1 });
      expect(report.counts.articles).toMatchObject({ updated: 1, unchanged: 2 });
      const keys = await db()
        .selectFrom('kb_media')
        .select('content_key')
        .where('file_name', '=', 'bank-feed.png')
        .execute();
      const article = await db()
        .selectFrom('kb_article')
        .select('body')
        .where('url_name', '=', 'connect-a-bank-feed')
        .executeTakeFirstOrThrow();
      expect(article.body).toContain(`/cms/delivery/media/${keys[0]?.content_key}`);
    });
  });
});
