import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import type { Database } from '~server/db/schema.ts';
import { findSearchDocument } from '~server/modules/search';
import { BASIC_FIXTURE, copyOfBasicFixture } from '../fixtures/fixture-folder.ts';
import type { ImportReport } from './content-import.ts';
import {
  clearContent,
  CONTENT_TABLES,
  FIRST,
  importFolder,
  LATER,
} from './content-import.fixture.ts';
import { contentIds } from './planned-items.ts';

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
});
