import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import type { Database } from '~server/db/schema.ts';
import { findSearchDocument, listSearchDocuments } from '~server/modules/search';
import { BASIC_FIXTURE, copyOfBasicFixture, FIXTURE_SETTINGS } from '../fixtures/fixture-folder.ts';
import { importContent, type ImportReport } from './content-import.ts';
import { contentIds, mediaContentKey, SEARCH_ORIGIN } from './content-rows.ts';

const FIRST = new Date('2026-09-01T10:00:00.000Z');
const LATER = new Date('2026-09-02T10:00:00.000Z');

const CONTENT_TABLES = [
  'kb_article_feedback',
  'kb_guide_article',
  'kb_guide_section',
  'kb_guide_topic',
  'kb_article_topic',
  'kb_landing_page',
  'kb_marketplace_app',
  'kb_glossary_entry',
  'kb_guide',
  'kb_article',
  'kb_topic',
  'kb_media',
  'kb_catalogue_label',
  'search_document',
] as const;

async function clearContent(db: Kysely<Database>): Promise<void> {
  for (const table of CONTENT_TABLES) await db.deleteFrom(table).execute();
}

function importFolder(
  db: Kysely<Database>,
  dir: string,
  options: Partial<Parameters<typeof importContent>[2]> = {},
) {
  return importContent(db, dir, { ...FIXTURE_SETTINGS, now: FIRST, ...options });
}

/** Every row time of the content, to show what an import touched. */
async function rowTimes(db: Kysely<Database>): Promise<string[]> {
  const [articles, guides, topics, glossary, apps, pages, media, documents] = await Promise.all([
    db.selectFrom('kb_article').select(['id as key', 'updated_at']).execute(),
    db.selectFrom('kb_guide').select(['id as key', 'updated_at']).execute(),
    db.selectFrom('kb_topic').select(['id as key', 'updated_at']).execute(),
    db.selectFrom('kb_glossary_entry').select(['id as key', 'updated_at']).execute(),
    db.selectFrom('kb_marketplace_app').select(['id as key', 'updated_at']).execute(),
    db.selectFrom('kb_landing_page').select(['page_key as key', 'updated_at']).execute(),
    db.selectFrom('kb_media').select(['file_name as key', 'updated_at']).execute(),
    db.selectFrom('search_document').select(['unique_id as key', 'updated_at']).execute(),
  ]);
  return [...articles, ...guides, ...topics, ...glossary, ...apps, ...pages, ...media, ...documents]
    .map((row) => `${row.key}@${row.updated_at}`)
    .sort();
}

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CONTENT_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

function created(report: ImportReport) {
  return Object.fromEntries(
    Object.entries(report.counts).map(([kind, count]) => [kind, count.created]),
  );
}

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

  it('imports every kind of item from a folder into an empty database', async () => {
    const report = await importFolder(db(), BASIC_FIXTURE);

    expect(report.ok).toBe(true);
    expect(created(report)).toEqual({
      media: 2,
      topics: 4,
      articles: 3,
      guides: 1,
      glossary: 2,
      apps: 2,
      pages: 1,
    });
    expect(await rowCounts(db())).toMatchObject({
      kb_article: 3,
      kb_article_topic: 4,
      kb_guide: 1,
      kb_guide_section: 2,
      kb_guide_article: 3,
      kb_topic: 4,
      kb_glossary_entry: 2,
      kb_marketplace_app: 2,
      kb_landing_page: 1,
      kb_media: 2,
      kb_catalogue_label: 4,
      // Articles, guides, topics, glossary entries and apps are searchable; landing pages are not.
      search_document: 12,
    });
  });

  it('changes nothing when the same folder is imported again', async () => {
    await importFolder(db(), BASIC_FIXTURE);
    const countsBefore = await rowCounts(db());
    const timesBefore = await rowTimes(db());

    const again = await importFolder(db(), BASIC_FIXTURE, { now: LATER });

    expect(again.ok).toBe(true);
    for (const count of Object.values(again.counts)) {
      expect(count).toMatchObject({ created: 0, updated: 0, removed: 0 });
    }
    expect(again.counts.articles.unchanged).toBe(3);
    expect(await rowCounts(db())).toEqual(countsBefore);
    expect(await rowTimes(db())).toEqual(timesBefore);
  });

  it('updates only the item whose file changed, with its search document', async () => {
    await importFolder(db(), copy.dir);
    const file = join(copy.dir, 'articles/banking/reconcile-a-bank-transaction.md');
    const text = await readFile(file, 'utf8');
    await writeFile(
      file,
      text.replace('title: Reconcile a bank transaction', 'title: Reconcile a statement line'),
    );

    const report = await importFolder(db(), copy.dir, { now: LATER });

    expect(report.counts.articles).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const id = contentIds.article('reconcile-a-bank-transaction');
    const article = await db()
      .selectFrom('kb_article')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(article).toMatchObject({
      title: 'Reconcile a statement line',
      created_at: FIRST.toISOString(),
      updated_at: LATER.toISOString(),
    });
    expect(await findSearchDocument(db(), id)).toMatchObject({
      title: 'Reconcile a statement line',
      updated_at: LATER.toISOString(),
    });
    const other = await findSearchDocument(db(), contentIds.article('connect-a-bank-feed'));
    expect(other?.updated_at).toBe(FIRST.toISOString());
  });

  it('reports every bad file with its field and reason, and writes nothing', async () => {
    await importFolder(db(), copy.dir);
    const countsBefore = await rowCounts(db());
    const timesBefore = await rowTimes(db());
    const article = join(copy.dir, 'articles/banking/connect-a-bank-feed.md');
    await writeFile(
      article,
      (await readFile(article, 'utf8'))
        .replace(/^summary: .*\n/m, '')
        .replace('title: Connect a bank feed', 'title: Connect a new bank feed'),
    );
    const guide = join(copy.dir, 'guides/set-up-banking.md');
    await writeFile(
      guide,
      (await readFile(guide, 'utf8')).replace('topics: [bank-feeds]', 'topics: [no-such-topic]'),
    );
    await writeFile(
      join(copy.dir, 'glossary/cash-accounting.md'),
      '---\nslug: cash-accounting\nterm: [unclosed\n---\nText\n',
    );

    const report = await importFolder(db(), copy.dir, { now: LATER });

    expect(report.ok).toBe(false);
    expect(report.issues).toEqual(
      expect.arrayContaining([
        { path: article, field: 'summary', reason: expect.any(String) },
        {
          path: guide,
          field: 'topics.0',
          reason: '"no-such-topic" is not a topic slug of topics.yaml',
        },
        {
          path: join(copy.dir, 'glossary/cash-accounting.md'),
          field: '(front matter)',
          reason: expect.stringContaining('is not valid YAML'),
        },
      ]),
    );
    expect(await rowCounts(db())).toEqual(countsBefore);
    expect(await rowTimes(db())).toEqual(timesBefore);
    const stored = await db()
      .selectFrom('kb_article')
      .select('title')
      .where('url_name', '=', 'connect-a-bank-feed')
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe('Connect a bank feed');
  });

  it('checks cross references: related articles, guide articles, media, file names', async () => {
    const article = join(copy.dir, 'articles/payroll/run-a-pay-run.md');
    await writeFile(
      article,
      (await readFile(article, 'utf8'))
        .replace('team: Payroll', 'team: Payroll\nrelated: [no-such-article]')
        .replace('pay period.', 'pay period.\n\n![Payslip](media/missing.png)'),
    );
    const guide = join(copy.dir, 'guides/set-up-banking.md');
    await writeFile(
      guide,
      (await readFile(guide, 'utf8')).replace(
        'articles: [connect-a-bank-feed]',
        'articles: [gone]',
      ),
    );
    const renamed = join(copy.dir, 'glossary/cash-accounting.md');
    await writeFile(
      renamed,
      (await readFile(renamed, 'utf8')).replace('slug: cash-accounting', 'slug: cash-basis'),
    );

    const report = await importFolder(db(), copy.dir);

    expect(report.ok).toBe(false);
    expect(report.issues).toEqual(
      expect.arrayContaining([
        {
          path: article,
          field: 'related.0',
          reason: '"no-such-article" is not the url name of an article',
        },
        {
          path: article,
          field: 'body',
          reason: 'refers to media/missing.png, which is not in media/',
        },
        {
          path: guide,
          field: 'sections.0.articles.0',
          reason: '"gone" is not the url name of an article',
        },
        {
          path: renamed,
          field: 'slug',
          reason: 'must equal the file name "cash-accounting" (it is "cash-basis")',
        },
      ]),
    );
    expect((await rowCounts(db())).kb_article).toBe(0);
  });

  it('refuses two files with the same url name', async () => {
    const source = join(copy.dir, 'articles/banking/connect-a-bank-feed.md');
    const duplicate = join(copy.dir, 'articles/payroll/connect-a-bank-feed.md');
    await writeFile(duplicate, await readFile(source, 'utf8'));

    const report = await importFolder(db(), copy.dir);

    expect(report.ok).toBe(false);
    expect(report.issues).toEqual([
      {
        path: duplicate,
        field: 'urlName',
        reason: `"connect-a-bank-feed" is already used by ${source}`,
      },
    ]);
  });

  it('counts what would change on a dry run and writes nothing', async () => {
    const report = await importFolder(db(), BASIC_FIXTURE, { dryRun: true });

    expect(report).toMatchObject({ ok: true, dryRun: true });
    expect(created(report)).toEqual({
      media: 2,
      topics: 4,
      articles: 3,
      guides: 1,
      glossary: 2,
      apps: 2,
      pages: 1,
    });
    expect(Object.values(await rowCounts(db())).every((count) => count === 0)).toBe(true);
  });

  it('keeps items whose file is gone, and removes them with prune', async () => {
    await importFolder(db(), copy.dir);
    await rm(join(copy.dir, 'articles/payroll/run-a-pay-run.md'));
    const page = join(copy.dir, 'pages/gettingStarted.md');
    await writeFile(
      page,
      (await readFile(page, 'utf8')).replace(
        / {2}- heading: Pay your team\n {4}articles: \[run-a-pay-run\]\n/,
        '',
      ),
    );
    const related = join(copy.dir, 'articles/banking/connect-a-bank-feed.md');
    await writeFile(related, (await readFile(related, 'utf8')).replace(', run-a-pay-run]', ']'));
    const id = contentIds.article('run-a-pay-run');

    const kept = await importFolder(db(), copy.dir, { now: LATER });
    expect(kept.issues).toEqual([]);
    expect(kept.counts.articles).toMatchObject({ kept: 1, removed: 0, updated: 1, unchanged: 1 });
    expect(await findSearchDocument(db(), id)).toBeDefined();

    const pruned = await importFolder(db(), copy.dir, { now: LATER, prune: true });
    expect(pruned.counts.articles).toMatchObject({ kept: 0, removed: 1, updated: 0, unchanged: 2 });
    expect(
      await db().selectFrom('kb_article').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db()
        .selectFrom('kb_article_topic')
        .select('topic_id')
        .where('article_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect(await findSearchDocument(db(), id)).toBeUndefined();
  });

  it('writes items and their search documents in one transaction', async () => {
    let writes = 0;
    const failing = importFolder(db(), BASIC_FIXTURE, {
      onProgress: (done) => {
        writes = done;
        if (done === 6) throw new Error('the disk is full');
      },
    });

    await expect(failing).rejects.toThrow('the disk is full');
    expect(writes).toBe(6);
    expect(Object.values(await rowCounts(db())).every((count) => count === 0)).toBe(true);
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
        mplandingpageurl: 'https://tillpoint.example/ledgerleaf',
        mplogohexcolor: '#13b5ea',
        mplogourl: null,
      });
    });

    it('holds guides, topics and glossary entries', async () => {
      const guideId = contentIds.guide('set-up-banking');
      expect(await findSearchDocument(db(), guideId)).toMatchObject({
        objecttype: 'Guide',
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
