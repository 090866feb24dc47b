import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from './fixtures/fixture-folder.ts';
import { importContent } from './import/content-import.ts';
import { contentIds } from './import/planned-items.ts';
import {
  findArticle,
  findArticleById,
  findContentTeam,
  findGlossaryEntry,
  findGuide,
  findLandingPage,
  findMarketplaceApp,
  findSeoRecord,
  findTopic,
  hasContent,
  listGlossary,
  listMarketplaceApps,
  listSitemapEntries,
  listTopicCatalog,
  recordArticleFeedback,
} from './content.service.ts';

const ids = {
  connect: contentIds.article('connect-a-bank-feed'),
  reconcile: contentIds.article('reconcile-a-bank-transaction'),
  payRun: contentIds.article('run-a-pay-run'),
  guide: contentIds.guide('set-up-banking'),
  banking: contentIds.topic('banking'),
  bankFeeds: contentIds.topic('bank-feeds'),
  reconciliation: contentIds.topic('reconciliation'),
  payroll: contentIds.topic('payroll'),
};

const summary = {
  connect: {
    id: ids.connect,
    urlName: 'connect-a-bank-feed',
    title: 'Connect a bank feed',
    summary: 'Link your business bank account so transactions arrive every day.',
  },
  reconcile: {
    id: ids.reconcile,
    urlName: 'reconcile-a-bank-transaction',
    title: 'Reconcile a bank transaction',
    summary: 'Match a statement line with a transaction in your books.',
  },
  payRun: {
    id: ids.payRun,
    urlName: 'run-a-pay-run',
    title: 'Run a pay run',
    summary: 'Pay your employees and send their payslips.',
  },
  guide: {
    id: ids.guide,
    slug: 'set-up-banking',
    title: 'Set up banking',
    summary: 'Connect your bank and start reconciling.',
  },
};

describeEachDialect('content service', (database) => {
  const db = () => database().db;

  it('knows when no content has been imported', async () => {
    expect(await hasContent(db())).toBe(false);
  });

  describe('after an import', () => {
    beforeAll(async () => {
      const report = await importContent(db(), BASIC_FIXTURE, FIXTURE_SETTINGS);
      expect(report.issues).toEqual([]);
    });

    it('knows that content has been imported', async () => {
      expect(await hasContent(db())).toBe(true);
    });

    it('finds an article by url name with everything its page shows', async () => {
      const article = await findArticle(db(), 'connect-a-bank-feed');
      expect(article).toMatchObject({
        ...summary.connect,
        contentType: 'Article',
        products: [{ key: 'accounting', name: 'Ledgerleaf Accounting' }],
        audiences: [
          { key: 'small-business', name: 'small businesses' },
          { key: 'accountants-and-bookkeepers', name: 'accountants and bookkeepers' },
        ],
        topics: [
          {
            id: ids.bankFeeds,
            slug: 'bank-feeds',
            name: 'Bank feeds',
            parent: { id: ids.banking, slug: 'banking', name: 'Banking' },
          },
        ],
        team: 'Banking',
        region: 'AU',
        created: '2025-02-11',
        updated: '2026-08-30',
        published: '2025-02-12',
        related: [summary.reconcile, summary.payRun],
        guides: [summary.guide],
      });
      expect(article?.body).toMatch(/^A bank feed brings \*\*transactions\*\* in automatically\./);
      expect(await findArticleById(db(), ids.connect)).toEqual(article);
    });

    it('defaults the published date to the created date and leaves region out when none', async () => {
      const article = await findArticle(db(), 'reconcile-a-bank-transaction');
      expect(article).toMatchObject({ created: '2024-05-01', published: '2024-05-01' });
      expect(article).not.toHaveProperty('region');
    });

    it('keeps topics in the written order, a first-level topic without parent', async () => {
      const article = await findArticle(db(), 'run-a-pay-run');
      expect(article?.topics).toEqual([
        { id: ids.payroll, slug: 'payroll', name: 'Payroll' },
        {
          id: ids.bankFeeds,
          slug: 'bank-feeds',
          name: 'Bank feeds',
          parent: { id: ids.banking, slug: 'banking', name: 'Banking' },
        },
      ]);
      expect(article?.products.map((product) => product.key)).toEqual(['accounting', 'payroll']);
    });

    it('answers undefined for an unknown article, guide or topic', async () => {
      expect(await findArticle(db(), 'no-such-article')).toBeUndefined();
      expect(await findArticleById(db(), 'not-an-id')).toBeUndefined();
      expect(await findGuide(db(), ids.connect)).toBeUndefined();
      expect(await findGuide(db(), 'short')).toBeUndefined();
      expect(await findTopic(db(), ids.guide)).toBeUndefined();
    });

    it('finds a guide with its sections and their articles in order', async () => {
      expect(await findGuide(db(), ids.guide)).toMatchObject({
        ...summary.guide,
        body: 'Everything to do in your first week.',
        updated: '2026-07-01',
        topics: [{ id: ids.bankFeeds, slug: 'bank-feeds' }],
        sections: [
          { title: 'Connect', summary: 'Bring your transactions in.', articles: [summary.connect] },
          { title: 'Reconcile', articles: [summary.reconcile, summary.connect] },
        ],
      });
    });

    it('finds a first-level topic with its subtopics and everything filed below it', async () => {
      const topic = await findTopic(db(), ids.banking);
      expect(topic).toMatchObject({
        id: ids.banking,
        name: 'Banking',
        description: 'Bank feeds and reconciliation.',
        articleCount: 3,
        guideCount: 1,
        subtopics: [
          { id: ids.bankFeeds, name: 'Bank feeds', articleCount: 2, guideCount: 1 },
          { id: ids.reconciliation, name: 'Reconciliation', articleCount: 1, guideCount: 0 },
        ],
        articles: [summary.connect, summary.reconcile, summary.payRun],
        guides: [summary.guide],
        updated: '2026-08-30',
      });
      expect(topic).not.toHaveProperty('parent');
    });

    it('finds a subtopic with its parent', async () => {
      const topic = await findTopic(db(), ids.reconciliation);
      expect(topic).toMatchObject({
        parent: { id: ids.banking, slug: 'banking', name: 'Banking' },
        subtopics: [],
        articles: [summary.reconcile],
        guides: [],
      });
    });

    it('lists the topic catalogue as a tree with counts', async () => {
      const catalogue = await listTopicCatalog(db());
      expect(
        catalogue.map((topic) => [
          topic.slug,
          topic.articleCount,
          topic.subtopics.map((sub) => `${sub.slug}:${sub.articleCount}`),
        ]),
      ).toEqual([
        ['banking', 3, ['bank-feeds:2', 'reconciliation:1']],
        ['payroll', 1, []],
      ]);
    });

    it('lists glossary entries by term and finds one with its links', async () => {
      expect((await listGlossary(db())).map((entry) => entry.term)).toEqual([
        'Accrual accounting',
        'Cash accounting',
      ]);
      expect(await findGlossaryEntry(db(), 'accrual-accounting')).toMatchObject({
        id: contentIds.glossaryEntry('accrual-accounting'),
        term: 'Accrual accounting',
        related: [summary.reconcile],
        seeAlso: [{ slug: 'cash-accounting', term: 'Cash accounting' }],
      });
      expect(await findGlossaryEntry(db(), 'nothing')).toBeUndefined();
    });

    it('lists and finds marketplace apps', async () => {
      expect((await listMarketplaceApps(db())).map((app) => app.slug)).toEqual([
        'shelfwise',
        'tillpoint',
      ]);
      const app = await findMarketplaceApp(db(), 'shelfwise');
      expect(app).toMatchObject({
        name: 'Shelfwise',
        functions: ['Inventory', 'Point of sale'],
        rating: 4.6,
        reviewCount: 128,
        logoHexColor: '#2e7d32',
        hasListing: true,
        body: 'Shelfwise keeps your stock counts right.',
      });
      expect(app?.logoUrl).toMatch(/^\/cms\/delivery\/media\/[0-9a-f]{20}-shelfwise\.svg$/);
      expect(await findMarketplaceApp(db(), 'tillpoint')).toMatchObject({
        hasListing: false,
        landingPageUrl: 'https://tillpoint.example/ledgerleaf',
        logoHexColor: '#13b5ea',
      });
    });

    it('finds a landing page with its guides and articles resolved', async () => {
      expect(await findLandingPage(db(), 'gettingStarted')).toMatchObject({
        pageKey: 'gettingStarted',
        title: 'Get started with Ledgerleaf',
        body: 'Welcome to Ledgerleaf.',
        sections: [
          {
            heading: 'Set up banking',
            body: 'Start with your bank.',
            guides: [summary.guide],
            articles: [summary.connect, summary.reconcile],
          },
          { heading: 'Pay your team', guides: [], articles: [summary.payRun] },
        ],
      });
      expect(await findLandingPage(db(), 'openBanking')).toBeUndefined();
    });

    it('lists every public content page for the sitemap', async () => {
      const entries = await listSitemapEntries(db());
      expect(entries).toEqual(
        expect.arrayContaining([
          { pageKey: 'home', params: {}, lastmod: '2026-08-30' },
          { pageKey: 'topicCatalog', params: {}, lastmod: '2026-08-30' },
          { pageKey: 'gettingStarted', params: {}, lastmod: expect.any(String) },
          { pageKey: 'article', params: { urlName: 'connect-a-bank-feed' }, lastmod: '2026-08-30' },
          { pageKey: 'guide', params: { id: ids.guide }, lastmod: '2026-07-01' },
          { pageKey: 'topic', params: { id: ids.banking }, lastmod: expect.any(String) },
          { path: '/0/glossary' },
          { path: '/0/glossary/accrual-accounting', lastmod: expect.any(String) },
        ]),
      );
      // home and catalogue, 1 landing page, 4 topics, 1 guide, 3 articles, the glossary and 2 entries
      expect(entries).toHaveLength(2 + 1 + 4 + 1 + 3 + 1 + 2);
    });

    it("finds an article's team, and nothing for other records", async () => {
      expect(await findContentTeam(db(), ids.connect)).toBe('Banking');
      expect(await findContentTeam(db(), ids.payRun)).toBe('Payroll');
      expect(await findContentTeam(db(), ids.guide)).toBeUndefined();
      expect(await findContentTeam(db(), 'ka0short')).toBeUndefined();
    });

    it('describes articles, guides and topics for the SEO properties', async () => {
      expect(await findSeoRecord(db(), ids.connect)).toMatchObject({
        kind: 'article',
        urlName: 'connect-a-bank-feed',
        name: 'Connect a bank feed',
      });
      expect(await findSeoRecord(db(), ids.guide)).toMatchObject({
        kind: 'guide',
        name: 'Set up banking',
      });
      expect(await findSeoRecord(db(), ids.payroll)).toMatchObject({
        kind: 'topic',
        name: 'Payroll',
      });
      expect(
        await findSeoRecord(db(), contentIds.glossaryEntry('cash-accounting')),
      ).toBeUndefined();
    });

    describe('article feedback', () => {
      it('stores a yes or no with an optional comment', async () => {
        const now = new Date('2026-09-03T08:00:00.000Z');
        const yes = await recordArticleFeedback(db(), ids.connect, { helpful: true }, { now });
        const no = await recordArticleFeedback(
          db(),
          ids.connect,
          { helpful: false, comment: '  The screenshot is out of date.  ' },
          { userId: '005000000000000001', now },
        );
        expect(yes.ok && no.ok).toBe(true);
        const rows = await db()
          .selectFrom('kb_article_feedback')
          .select(['id', 'helpful', 'comment', 'user_id', 'created_at'])
          .where('article_id', '=', ids.connect)
          .orderBy('helpful')
          .execute();
        expect(rows).toEqual([
          {
            id: no.ok ? no.id : '',
            helpful: 0,
            comment: 'The screenshot is out of date.',
            user_id: '005000000000000001',
            created_at: now.toISOString(),
          },
          {
            id: yes.ok ? yes.id : '',
            helpful: 1,
            comment: null,
            user_id: null,
            created_at: now.toISOString(),
          },
        ]);
        expect(yes.ok ? yes.id : '').toMatch(/^a0F[0-9A-Za-z]{15}$/);
      });

      it('refuses a comment over 1000 characters, keeping 1000', async () => {
        const long = await recordArticleFeedback(db(), ids.reconcile, {
          helpful: false,
          comment: 'x'.repeat(1001),
        });
        expect(long).toEqual({
          ok: false,
          reason: 'invalid',
          field: 'comment',
          message: 'Keep the comment to 1000 characters or fewer.',
        });
        expect(
          await recordArticleFeedback(db(), ids.reconcile, {
            helpful: false,
            comment: 'x'.repeat(1000),
          }),
        ).toMatchObject({ ok: true });
      });

      it('refuses an answer that is not yes or no, and an unknown article', async () => {
        expect(await recordArticleFeedback(db(), ids.reconcile, { helpful: 'yes' })).toMatchObject({
          ok: false,
          reason: 'invalid',
          field: 'helpful',
        });
        expect(await recordArticleFeedback(db(), ids.guide, { helpful: true })).toEqual({
          ok: false,
          reason: 'unknown-article',
        });
        const stored = await db()
          .selectFrom('kb_article_feedback')
          .select('id')
          .where('article_id', '=', ids.guide)
          .execute();
        expect(stored).toEqual([]);
      });
    });
  });
});
