import { describe, expect, it } from 'vitest';
import { NO_CONSENT, type ConsentState } from '~core/analytics';
import type { AnalyticsClient, CallMoment } from './analytics-client.ts';
import { ANALYTICS_ENDPOINT, ERROR_REPORT_ENDPOINT, FLUSH_DELAY_MS } from './analytics-client.ts';
import { createAnalyticsLoader } from './analytics.ts';
import { fakePage, STATISTICS } from './analytics.fixture.ts';

/** A loader over a fake page whose client arrives when the test says, or fails to. */
function loaderOn(consent: ConsentState = STATISTICS) {
  const page = fakePage(consent);
  const state = { consent, loads: 0, clock: 0, path: '/0/' };
  const loadErrors: unknown[] = [];
  let settle: { resolve(client: AnalyticsClient): void; reject(error: Error): void } | undefined;
  const loader = createAnalyticsLoader({
    load: () => {
      state.loads += 1;
      return new Promise<AnalyticsClient>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    consent: () => state.consent,
    moment: (): CallMoment => ({
      at: new Date(Date.parse('2026-11-27T09:00:00.000Z') + state.clock),
      pagePath: state.path,
    }),
    logError: (error) => loadErrors.push(error),
  });
  return {
    page,
    state,
    loader,
    loadErrors,
    async arrive() {
      settle?.resolve(page.client);
      await Promise.resolve();
      await Promise.resolve();
    },
    async fail() {
      settle?.reject(new Error('chunk failed'));
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

describe('createAnalyticsLoader', () => {
  it('never loads the client for events the visitor did not consent to', () => {
    const { loader, state, page } = loaderOn(NO_CONSENT);
    loader.track('screen viewed', { screenName: 'home' });
    loader.configure('');
    loader.flush();
    expect(state.loads).toBe(0);
    expect(page.layer).toEqual([]);
  });

  it('loads the client once, and hands it the calls made meanwhile with their time and page', async () => {
    const run = loaderOn();
    run.loader.track('screen viewed', { screenName: 'home' });
    run.state.clock = 1500;
    run.state.path = '/0/search';
    run.loader.reportError(new Error('the widget failed'), { source: 'Widget' });
    run.loader.configure('csrf');
    expect(run.state.loads).toBe(1);
    expect(run.page.sent).toEqual([]);
    await run.arrive();
    run.page.advance(FLUSH_DELAY_MS);
    expect(run.page.sent.map((sent) => sent.url)).toEqual([
      ERROR_REPORT_ENDPOINT,
      ANALYTICS_ENDPOINT,
    ]);
    expect(run.page.sent[0]?.body).toMatchObject({
      csrfToken: 'csrf',
      message: 'the widget failed',
      source: 'Widget',
      pagePath: '/0/search',
      occurredAt: '2026-11-27T09:00:01.500Z',
    });
    expect(run.page.sent[1]?.body).toMatchObject({
      events: [
        {
          name: 'screen viewed',
          occurredAt: '2026-11-27T09:00:00.000Z',
          pagePath: '/0/',
        },
      ],
    });
  });

  it('sends nothing before the CSRF token is known, loaded or not', async () => {
    const run = loaderOn();
    run.loader.track('screen viewed', { screenName: 'home' });
    await run.arrive();
    run.page.advance(FLUSH_DELAY_MS);
    expect(run.page.sent).toEqual([]);
    run.loader.configure('');
    expect(run.page.sent.map((sent) => sent.url)).toEqual([ANALYTICS_ENDPOINT]);
  });

  it('calls the loaded client at once, and flushes through it', async () => {
    const run = loaderOn();
    run.loader.configure('csrf');
    run.loader.track('screen viewed', { screenName: 'home' });
    await run.arrive();
    run.loader.track('screen viewed', { screenName: 'search' });
    expect(run.page.layer).toHaveLength(2);
    run.loader.flush();
    expect(run.page.sent).toHaveLength(1);
    expect(run.state.loads).toBe(1);
  });

  it('logs a failed load and tries again with the next call, keeping what waited', async () => {
    const run = loaderOn();
    run.loader.configure('csrf');
    run.loader.track('screen viewed', { screenName: 'home' });
    await run.fail();
    expect(run.loadErrors).toHaveLength(1);
    run.loader.track('screen viewed', { screenName: 'search' });
    expect(run.state.loads).toBe(2);
    await run.arrive();
    expect(run.page.layer).toEqual([
      { event: 'screen viewed', screenName: 'home' },
      { event: 'screen viewed', screenName: 'search' },
    ]);
  });
});
