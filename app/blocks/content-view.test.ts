import { describe, expect, it } from 'vitest';
import type { AnalyticsEventFields } from '~core/analytics';
import {
  ARTICLE_VIEWED_KEY,
  trackContentView,
  type SearchAnalyticsView,
  type TrackingBlockSettings,
  type TrackingEnvironment,
} from './content-view.ts';

function page(options: { team?: () => Promise<string>; storage?: 'ok' | 'throws' | 'none' } = {}) {
  const stored = new Map<string, string>();
  const events: Array<AnalyticsEventFields<'content viewed'>> = [];
  const errors: Array<{ error: unknown; source: string }> = [];
  const teamCalls: string[] = [];
  const views: SearchAnalyticsView[] = [];
  const environment: TrackingEnvironment = {
    pathname: '/s/article/connect-a-bank-feed',
    sessionStorage:
      options.storage === 'none'
        ? undefined
        : {
            setItem: (key, value) => {
              if (options.storage === 'throws') throw new Error('storage is full');
              stored.set(key, value);
            },
          },
    getTeamValue: (recordId) => {
      teamCalls.push(recordId);
      return options.team ? options.team() : Promise.resolve('Banking');
    },
    track: (fields) => events.push(fields),
    logSearchView: (view) => views.push(view),
    reportError: (error, context) => errors.push({ error, source: context.source }),
  };
  return { environment, stored, events, errors, teamCalls, views };
}

const ARTICLE: TrackingBlockSettings = {
  contentType: 'Articles',
  recordId: 'ka0000000000000001',
  contentId: 'ka0000000000000001',
  isContent: true,
};

describe('trackContentView', () => {
  it("sends 'content viewed' with the type, the name from the URL, the id and the team", async () => {
    const view = page();
    await trackContentView(ARTICLE, view.environment);
    expect(view.teamCalls).toEqual(['ka0000000000000001']);
    expect(view.events).toEqual([
      {
        contentType: 'Articles',
        contentName: 'connect a bank feed',
        contentId: 'ka0000000000000001',
        contentTeam: 'Banking',
      },
    ]);
  });

  it('uses an empty team when getTeamValue fails, and reports the failure (spec 8)', async () => {
    const view = page({ team: () => Promise.reject(new Error('gateway down')) });
    await trackContentView(ARTICLE, view.environment);
    expect(view.events[0]?.contentTeam).toBe('');
    expect(view.errors.map((error) => error.source)).toEqual(['Tracking.getTeamValue']);
  });

  it('sets articleViewed=true in session storage when skipDeflectionAfterView is on (spec 4)', async () => {
    const view = page();
    await trackContentView({ ...ARTICLE, skipDeflectionAfterView: true }, view.environment);
    expect(ARTICLE_VIEWED_KEY).toBe('articleViewed');
    expect(view.stored.get('articleViewed')).toBe('true');
  });

  it('leaves session storage alone when skipDeflectionAfterView is off', async () => {
    const view = page();
    await trackContentView(ARTICLE, view.environment);
    expect(view.stored.size).toBe(0);
  });

  it('still tracks when session storage refuses the flag, reporting it', async () => {
    const view = page({ storage: 'throws' });
    await trackContentView({ ...ARTICLE, skipDeflectionAfterView: true }, view.environment);
    expect(view.events).toHaveLength(1);
    expect(view.errors.map((error) => error.source)).toEqual(['tracking.articleViewed']);
  });

  it('sends nothing for a page that is not content, but still marks the view', async () => {
    const view = page();
    await trackContentView(
      { contentType: 'Articles', isContent: false, skipDeflectionAfterView: true },
      view.environment,
    );
    expect(view.events).toEqual([]);
    expect(view.teamCalls).toEqual([]);
    expect(view.stored.get('articleViewed')).toBe('true');
  });

  it('sends nothing when both tag-manager and internal tracking are off', async () => {
    const view = page();
    await trackContentView(
      { ...ARTICLE, gtmTracking: false, beanieTracking: false },
      view.environment,
    );
    expect(view.events).toEqual([]);
  });

  it('asks for no team without a record id', async () => {
    const view = page();
    await trackContentView({ contentType: 'Topics', isContent: true }, view.environment);
    expect(view.teamCalls).toEqual([]);
    expect(view.events[0]).toEqual({
      contentType: 'Topics',
      contentName: 'connect a bank feed',
      contentTeam: '',
    });
  });

  it('puts a personal name in contentNamePersonal, keeping it out of contentName', async () => {
    const view = page();
    await trackContentView({ ...ARTICLE, isPersonalContent: true }, view.environment);
    expect(view.events[0]?.contentName).toBe('Articles');
    expect(view.events[0]?.contentNamePersonal).toBe('connect a bank feed');
  });
});

describe("the search analytics' view event (spec 7)", () => {
  it('names the content type, and the record under @sfid with the page path', async () => {
    const view = page();
    await trackContentView(ARTICLE, view.environment);
    expect(view.views).toEqual([
      {
        contentType: 'Articles',
        contentIdKey: '@sfid',
        contentIdValue: 'ka0000000000000001',
        location: '/s/article/connect-a-bank-feed',
      },
    ]);
  });

  it('is sent for a page without a record or content flag, with its type alone', async () => {
    const view = page();
    await trackContentView({ contentType: 'Home' }, view.environment);
    expect(view.views).toEqual([
      { contentType: 'Home', location: '/s/article/connect-a-bank-feed' },
    ]);
    expect(view.events).toEqual([]);
  });

  it('is not sent when its flag is off, while the other events still are', async () => {
    const view = page();
    await trackContentView({ ...ARTICLE, searchAnalyticsTracking: false }, view.environment);
    expect(view.views).toEqual([]);
    expect(view.events).toHaveLength(1);
  });
});
