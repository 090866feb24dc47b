import { describe, expect, it } from 'vitest';
import { NO_CONSENT, parseConsentCookie } from '~core/analytics';
import {
  ANALYTICS_ENDPOINT,
  ERROR_REPORT_ENDPOINT,
  FLUSH_DELAY_MS,
  MAX_ERROR_REPORTS_PER_PAGE,
} from './analytics-client.ts';
import { fakePage, STATISTICS } from './analytics.fixture.ts';

const click = {
  linkName: 'Contact us',
  linkDestination: '/s/contact-support',
  isExternal: false,
  screenName: 'home',
} as const;

describe('track', () => {
  it('pushes the event to the data layer and sends it in a batch after a short wait', () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    page.client.track('link clicked', click);
    page.client.track('accordion toggled', { accordionName: 'Billing', isExpanded: true });
    expect(page.layer).toEqual([
      { event: 'link clicked', ...click },
      { event: 'accordion toggled', accordionName: 'Billing', isExpanded: true },
    ]);
    expect(page.sent).toEqual([]);
    page.advance(FLUSH_DELAY_MS);
    expect(page.sent).toEqual([
      {
        url: ANALYTICS_ENDPOINT,
        body: {
          csrfToken: 'csrf',
          events: [
            {
              name: 'link clicked',
              fields: click,
              occurredAt: '2026-11-21T10:00:00.000Z',
              pagePath: '/0/search?q=bank',
            },
            {
              name: 'accordion toggled',
              fields: { accordionName: 'Billing', isExpanded: true },
              occurredAt: '2026-11-21T10:00:00.000Z',
              pagePath: '/0/search?q=bank',
            },
          ],
        },
      },
    ]);
  });

  it('does nothing at all without statistics consent', () => {
    for (const consent of [NO_CONSENT, parseConsentCookie('{"marketing":true}')]) {
      const page = fakePage(consent);
      page.client.configure({ csrfToken: 'csrf' });
      page.client.track('screen viewed', { screenName: 'home' });
      page.advance(FLUSH_DELAY_MS);
      page.client.flush();
      expect(page.layer).toEqual([]);
      expect(page.sent).toEqual([]);
    }
  });

  it('follows a consent change without a reload', () => {
    const page = fakePage(NO_CONSENT);
    page.client.configure({ csrfToken: 'csrf' });
    page.client.track('screen viewed', { screenName: 'home' });
    page.state.consent = STATISTICS;
    page.client.track('screen viewed', { screenName: 'search' });
    expect(page.layer).toEqual([{ event: 'screen viewed', screenName: 'search' }]);
  });

  it('waits for the CSRF token before sending', () => {
    const page = fakePage();
    page.client.track('component displayed', { componentName: 'CTA' });
    page.advance(FLUSH_DELAY_MS);
    expect(page.sent).toEqual([]);
    page.client.configure({ csrfToken: 'late' });
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]?.body.csrfToken).toBe('late');
  });

  it("sends a guest's events without a token once the page is set up", () => {
    const page = fakePage();
    page.client.track('component displayed', { componentName: 'CTA' });
    page.advance(FLUSH_DELAY_MS);
    expect(page.sent).toEqual([]);
    page.client.configure({ csrfToken: '' });
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]?.body).not.toHaveProperty('csrfToken');
    expect(page.sent[0]?.body.events).toHaveLength(1);
  });

  it('sends a full batch of 50 at once and starts a new one', () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    for (let i = 0; i < 51; i += 1) page.client.track('screen viewed', { screenName: `s${i}` });
    expect(page.sent).toHaveLength(1);
    expect((page.sent[0]?.body.events as unknown[]).length).toBe(50);
    page.advance(FLUSH_DELAY_MS);
    expect(page.sent).toHaveLength(2);
    expect((page.sent[1]?.body.events as unknown[]).length).toBe(1);
  });

  it('sends what waits when flushed (the page is hidden)', () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    page.client.track('banner hidden', { bannerName: 'Maintenance', actionType: 'close' });
    page.client.flush();
    expect(page.sent).toHaveLength(1);
    page.advance(FLUSH_DELAY_MS);
    expect(page.sent).toHaveLength(1);
  });

  it('reports an event with bad fields instead of sending it', () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    page.client.track('link clicked', { ...click, linkName: '' });
    page.advance(FLUSH_DELAY_MS);
    expect(page.layer).toEqual([]);
    expect(page.sent.map((request) => request.url)).toEqual([ERROR_REPORT_ENDPOINT]);
    expect(page.sent[0]?.body).toMatchObject({
      message: expect.stringMatching(
        /^Analytics event 'link clicked' is not valid: linkName: must not be empty$/,
      ),
      source: 'analytics.track',
    });
  });
});

describe('reportError (spec 8)', () => {
  it('sends the error to the error-reporting service and the console, whatever the consent', () => {
    const page = fakePage(NO_CONSENT);
    page.client.configure({ csrfToken: 'csrf' });
    const error = new TypeError('getUserData failed');
    page.client.reportError(error, { source: 'UserDataUtility.getUserData', status: 500 });
    expect(page.logged).toEqual([error]);
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({
      url: ERROR_REPORT_ENDPOINT,
      body: {
        csrfToken: 'csrf',
        message: 'getUserData failed',
        errorName: 'TypeError',
        stack: expect.stringContaining('getUserData failed'),
        source: 'UserDataUtility.getUserData',
        context: { status: 500 },
        pagePath: '/0/search?q=bank',
        occurredAt: '2026-11-21T10:00:00.000Z',
      },
    });
  });

  it("suppresses reading property 'lc' of undefined, from the console as well", () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    page.client.reportError(new TypeError("Cannot read properties of undefined (reading 'lc')"));
    expect(page.sent).toEqual([]);
    expect(page.logged).toEqual([]);
  });

  it('reports things thrown that are not errors', () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    page.client.reportError('plain text');
    page.client.reportError({ code: 42 });
    page.client.reportError('');
    expect(page.sent.map((request) => request.body.message)).toEqual([
      'plain text',
      '{"code":42}',
      'Unknown error',
    ]);
  });

  it('holds reports until the CSRF token is known', () => {
    const page = fakePage();
    page.client.reportError(new Error('early'));
    expect(page.sent).toEqual([]);
    page.client.configure({ csrfToken: 'csrf' });
    expect(page.sent.map((request) => request.body.message)).toEqual(['early']);
  });

  it(`stops sending after ${MAX_ERROR_REPORTS_PER_PAGE} reports on a page, still logging`, () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    for (let i = 0; i < 25; i += 1) page.client.reportError(new Error(`e${i}`));
    expect(page.sent).toHaveLength(MAX_ERROR_REPORTS_PER_PAGE);
    expect(page.logged).toHaveLength(25);
  });

  it('leaves out empty context and keeps at most 20 entries', () => {
    const page = fakePage();
    page.client.configure({ csrfToken: 'csrf' });
    page.client.reportError(new Error('a'), { missing: undefined });
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    page.client.reportError(new Error('b'), many);
    expect(page.sent[0]?.body.context).toBeUndefined();
    expect(Object.keys(page.sent[1]?.body.context as object)).toHaveLength(20);
  });
});
