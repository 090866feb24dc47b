import type { Kysely } from 'kysely';
import { ANALYTICS_EVENT_CONSENT, type AnalyticsEvent, isSuppressedError } from '~core/analytics';
import type { ConsentState, ErrorReport } from '~core/analytics';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import type { Viewer } from '~server/modules/identity';
import type { PortalDatabase } from '~server/db/database.ts';
import { FOLLOW_UP_WINDOW_MINUTES, viewsFollowedByCase } from '~core/insight';
import {
  countContentViews,
  listCasesSubmittedBetween,
  listContentViewsOf,
  insertAnalyticsEvents,
  insertErrorReport,
} from './analytics.repository.ts';

const MAX_USER_AGENT = 500;

export interface RecordedEvents {
  stored: number;
  /** Events not kept because the visitor has not agreed to their consent category. */
  skipped: number;
}

/**
 * Keeps a validated batch, but only with the visitor's consent: the browser already holds
 * events back without it, and the server refuses to be the place where that rule breaks.
 */
export async function recordAnalyticsEvents(
  db: Kysely<Database>,
  input: {
    events: readonly AnalyticsEvent[];
    viewer: Viewer;
    consent: ConsentState;
    now?: Date;
  },
): Promise<RecordedEvents> {
  if (!input.consent[ANALYTICS_EVENT_CONSENT]) {
    return { stored: 0, skipped: input.events.length };
  }
  const receivedAt = (input.now ?? new Date()).toISOString();
  const userId = input.viewer.isGuest ? null : input.viewer.user.id;
  await insertAnalyticsEvents(
    db,
    input.events.map((event) => ({
      id: newRecordId('analyticsEvent'),
      name: event.name,
      fields: JSON.stringify(event.fields),
      page_path: event.pagePath,
      user_id: userId,
      occurred_at: new Date(event.occurredAt).toISOString(),
      received_at: receivedAt,
    })),
  );
  return { stored: input.events.length, skipped: 0 };
}

/** Keeps an error report; the errors spec 8 suppresses are dropped here too. */
export async function recordErrorReport(
  db: Kysely<Database>,
  input: { report: ErrorReport; viewer: Viewer; userAgent: string | undefined; now?: Date },
): Promise<{ stored: boolean }> {
  const { report } = input;
  if (isSuppressedError(report.message)) return { stored: false };
  await insertErrorReport(db, {
    id: newRecordId('errorReport'),
    message: report.message,
    error_name: report.errorName ?? null,
    stack: report.stack ?? null,
    source: report.source ?? null,
    context: report.context ? JSON.stringify(report.context) : null,
    page_path: report.pagePath,
    user_agent: input.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    is_guest: input.viewer.isGuest ? 1 : 0,
    occurred_at: new Date(report.occurredAt).toISOString(),
    received_at: (input.now ?? new Date()).toISOString(),
  });
  return { stored: true };
}

/** The most viewed content ids since a time (for trending content), most views first. */
export function mostViewedContent(
  database: PortalDatabase,
  options: { since: Date; limit: number },
): Promise<{ contentId: string; views: number }[]> {
  return countContentViews(database.db, {
    dialect: database.dialect,
    since: options.since.toISOString(),
    limit: options.limit,
  });
}

/**
 * Per content id, one day's views that the same signed-in person followed with a case within
 * 30 minutes ('content viewed', then 'case submitted'; both kept only with statistics consent).
 */
export async function countViewsFollowedByCaseBetween(
  db: Kysely<Database>,
  range: { start: string; end: string },
): Promise<{ contentId: string; views: number }[]> {
  const cases = await listCasesSubmittedBetween(db, {
    start: range.start,
    end: new Date(Date.parse(range.end) + FOLLOW_UP_WINDOW_MINUTES * 60_000).toISOString(),
  });
  const views = await listContentViewsOf(db, [...new Set(cases.map((one) => one.userId))], range);
  return [...viewsFollowedByCase(views, cases)].map(([contentId, count]) => ({
    contentId,
    views: count,
  }));
}
