import { beforeEach, expect, it } from 'vitest';
import type { AnalyticsEvent } from '~core/analytics';
import { NO_CONSENT, parseConsentCookie } from '~core/analytics';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { GUEST, type PortalUser, type Viewer } from '~server/modules/identity';
import { recordAnalyticsEvents, recordErrorReport } from './analytics.service.ts';

const STATISTICS = parseConsentCookie('{"statistics":true}');
const NOW = new Date('2026-11-21T10:05:00.000Z');

const user: PortalUser = {
  id: '005000000000000001',
  issuer: 'https://id.example',
  subject: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isPartner: false,
  isPrimaryContact: false,
  isPrincipalContact: false,
  market: 'UK',
  partnerProductInterestClient: null,
  partnerProductInterestPractice: null,
  canViewSetup: false,
  isAgent: false,
  organisationId: null,
};
const SIGNED_IN: Viewer = { isGuest: false, user, sessionId: 'session' };

const events: AnalyticsEvent[] = [
  {
    name: 'link clicked',
    fields: {
      linkName: 'Contact us',
      linkDestination: '/s/contact-support',
      isExternal: false,
      screenName: 'home',
    },
    occurredAt: '2026-11-21T10:00:00.000Z',
    pagePath: '/0/',
  },
  {
    name: 'accordion toggled',
    fields: { accordionName: 'Billing', isExpanded: true },
    occurredAt: '2026-11-21T10:00:01.000Z',
    pagePath: '/0/?tab=billing',
  },
];

describeEachDialect('analytics storage', (database) => {
  beforeEach(async () => {
    await database().db.deleteFrom('analytics_event').execute();
    await database().db.deleteFrom('error_report').execute();
  });

  it('stores every event of a batch with its fields, page and times', async () => {
    const result = await recordAnalyticsEvents(database().db, {
      events,
      viewer: GUEST,
      consent: STATISTICS,
      now: NOW,
    });
    expect(result).toEqual({ stored: 2, skipped: 0 });
    const rows = await database()
      .db.selectFrom('analytics_event')
      .selectAll()
      .orderBy('occurred_at')
      .execute();
    expect(rows.map((row) => ({ ...row, fields: JSON.parse(row.fields) as unknown }))).toEqual([
      {
        id: expect.stringMatching(/^a0E[A-Za-z0-9]{15}$/),
        name: 'link clicked',
        fields: events[0]?.fields,
        page_path: '/0/',
        user_id: null,
        occurred_at: '2026-11-21T10:00:00.000Z',
        received_at: '2026-11-21T10:05:00.000Z',
      },
      {
        id: expect.stringMatching(/^a0E[A-Za-z0-9]{15}$/),
        name: 'accordion toggled',
        fields: { accordionName: 'Billing', isExpanded: true },
        page_path: '/0/?tab=billing',
        user_id: null,
        occurred_at: '2026-11-21T10:00:01.000Z',
        received_at: '2026-11-21T10:05:00.000Z',
      },
    ]);
  });

  it("attaches a signed-in user's id (spec 6)", async () => {
    await recordAnalyticsEvents(database().db, {
      events,
      viewer: SIGNED_IN,
      consent: STATISTICS,
    });
    const rows = await database().db.selectFrom('analytics_event').select('user_id').execute();
    expect(rows.map((row) => row.user_id)).toEqual([user.id, user.id]);
  });

  it('stores nothing without statistics consent', async () => {
    const marketingOnly = parseConsentCookie('{"marketing":true,"preferences":true}');
    for (const consent of [NO_CONSENT, marketingOnly]) {
      const result = await recordAnalyticsEvents(database().db, {
        events,
        viewer: SIGNED_IN,
        consent,
      });
      expect(result).toEqual({ stored: 0, skipped: 2 });
    }
    const count = await database()
      .db.selectFrom('analytics_event')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });

  it('keeps a batch whole: one bad row stores none of it', async () => {
    const batch = [...events, ...events];
    await expect(
      recordAnalyticsEvents(database().db, {
        events: batch.map((event) => ({ ...event, pagePath: null as unknown as string })),
        viewer: GUEST,
        consent: STATISTICS,
      }),
    ).rejects.toThrow();
    const rows = await database().db.selectFrom('analytics_event').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('stores an error report without consent, with no user id', async () => {
    const result = await recordErrorReport(database().db, {
      report: {
        csrfToken: 'ignored',
        message: 'getUserData failed',
        errorName: 'GatewayError',
        stack: 'at load',
        source: 'UserDataUtility.getUserData',
        context: { status: 500, errorCode: 'INTERNAL' },
        pagePath: '/0/',
        occurredAt: '2026-11-21T10:00:00.000Z',
      },
      viewer: SIGNED_IN,
      userAgent: 'Chromium',
      now: NOW,
    });
    expect(result).toEqual({ stored: true });
    const rows = await database().db.selectFrom('error_report').selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^a0R[A-Za-z0-9]{15}$/),
        message: 'getUserData failed',
        error_name: 'GatewayError',
        stack: 'at load',
        source: 'UserDataUtility.getUserData',
        context: '{"status":500,"errorCode":"INTERNAL"}',
        page_path: '/0/',
        user_agent: 'Chromium',
        is_guest: 0,
        occurred_at: '2026-11-21T10:00:00.000Z',
        received_at: '2026-11-21T10:05:00.000Z',
      },
    ]);
  });

  it('stores a minimal report with empty optional columns and a cut user agent', async () => {
    await recordErrorReport(database().db, {
      report: {
        csrfToken: 't',
        message: 'boom',
        pagePath: '/s/error',
        occurredAt: '2026-11-21T10:00:00Z',
      },
      viewer: GUEST,
      userAgent: 'u'.repeat(900),
    });
    const row = await database()
      .db.selectFrom('error_report')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.error_name).toBeNull();
    expect(row.stack).toBeNull();
    expect(row.source).toBeNull();
    expect(row.context).toBeNull();
    expect(row.is_guest).toBe(1);
    expect(row.user_agent).toHaveLength(500);
    expect(row.occurred_at).toBe('2026-11-21T10:00:00.000Z');
  });

  it("drops the error spec 8 suppresses (reading 'lc' of undefined)", async () => {
    const result = await recordErrorReport(database().db, {
      report: {
        csrfToken: 't',
        message: "Cannot read properties of undefined (reading 'lc')",
        pagePath: '/0/',
        occurredAt: '2026-11-21T10:00:00.000Z',
      },
      viewer: GUEST,
      userAgent: undefined,
    });
    expect(result).toEqual({ stored: false });
    expect(await database().db.selectFrom('error_report').selectAll().execute()).toEqual([]);
  });
});
