import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { recordAnalyticsEvents } from '~server/modules/analytics';
import {
  COURSE_ID,
  DAY_MS,
  DISCUSSION_ID,
  NEWS_ID,
  openSearchApi,
  RECOMMENDATIONS,
  uniqueIds,
  WEBINAR_ID,
  type SearchApi,
} from './search-api.fixture.ts';

describeEachDialect('search API over HTTP', (database) => {
  let app: FastifyInstance;
  let ids: Record<string, string>;
  let search: SearchApi['search'];

  beforeAll(async () => {
    ({ app, ids, search } = await openSearchApi(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('recommendations', () => {
    beforeEach(async () => {
      await database().db.deleteFrom('analytics_event').execute();
    });

    function recommend(tab: string, extra: Record<string, unknown> = {}) {
      return search({ searchHub: RECOMMENDATIONS, tab, numberOfResults: 3, ...extra });
    }

    it('all_content: the most viewed support content of the last 30 days, then the newest', async () => {
      const view = (contentId: string, occurredAt: string) => ({
        name: 'content viewed' as const,
        fields: { contentType: 'Articles', contentName: 'x', contentId },
        occurredAt,
        pagePath: '/s/article/x',
      });
      const recently = new Date(Date.now() - DAY_MS).toISOString();
      const longAgo = new Date(Date.now() - 40 * DAY_MS).toISOString();
      await recordAnalyticsEvents(database().db, {
        events: [
          view(ids['run-a-pay-run'] ?? '', recently),
          view(ids['run-a-pay-run'] ?? '', recently),
          view(ids['reconcile-a-bank-transaction'] ?? '', recently),
          view(ids['connect-a-bank-feed'] ?? '', longAgo),
          view(ids['connect-a-bank-feed'] ?? '', longAgo),
          view(ids['connect-a-bank-feed'] ?? '', longAgo),
          view(COURSE_ID, recently),
          view(COURSE_ID, recently),
          view(COURSE_ID, recently),
        ],
        viewer: { isGuest: true, user: null, sessionId: null },
        consent: { essential: true, preferences: false, statistics: true, marketing: false },
      });
      const trending = await recommend('all_content');
      expect(uniqueIds(trending)).toHaveLength(3);
      expect(uniqueIds(trending).slice(0, 2)).toEqual([
        ids['run-a-pay-run'],
        ids['reconcile-a-bank-transaction'],
      ]);
      // Then the newest content, topics and learning left out.
      const newest = await search({
        q: '',
        sortCriteria: 'date',
        aq: 'objecttype NOT Topic',
        folding: false,
        numberOfResults: 100,
      });
      const rest = uniqueIds(newest).filter((id) => !uniqueIds(trending).slice(0, 2).includes(id));
      expect(uniqueIds(trending)[2]).toBe(rest[0]);
      const more = await recommend('all_content', { firstResult: 3, numberOfResults: 100 });
      expect(uniqueIds(more)).toEqual(rest.slice(1));
      expect(more.totalCount).toBe(trending.totalCount);
      expect(trending.totalCount).toBe(newest.totalCount);
    });

    it('all_content without views: the newest support content', async () => {
      const trending = await recommend('all_content', { numberOfResults: 100 });
      const newest = await search({
        q: '',
        sortCriteria: 'date',
        aq: 'objecttype NOT Topic',
        folding: false,
        numberOfResults: 100,
      });
      expect(uniqueIds(trending)).toEqual(uniqueIds(newest));
      expect(uniqueIds(trending)).toContain(NEWS_ID);
      expect(uniqueIds(trending)).not.toContain(WEBINAR_ID);
    });

    it('all_learning, recent_discussions and topics', async () => {
      expect(uniqueIds(await recommend('all_learning'))).toEqual([WEBINAR_ID, COURSE_ID]);
      expect(uniqueIds(await recommend('recent_discussions'))).toEqual([DISCUSSION_ID]);
      const topics = await recommend('topics');
      expect(topics.results.map((result) => result.title)).toEqual(['Banking', 'Payroll']);
      expect(topics.results.every((result) => result.raw?.objecttype === 'Topic')).toBe(true);
      expect(topics.facets).toEqual([]);
    });
  });
});
