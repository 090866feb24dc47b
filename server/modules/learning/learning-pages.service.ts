import type { Kysely } from 'kysely';
import {
  LEARNING_AUDIENCES,
  LEARNING_KIND_LABELS,
  type LearningKind,
  calendarFileName,
  sessionCalendar,
  upcomingSessions,
  type ScheduleFilter,
} from '~core/learning';
import { isRegion, REGIONS, type Region } from '~core/regions';
import { learningActivityUrl } from '~core/search';
import type { SearchResult } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import { listSearchDocuments, resultOfDocument } from '~server/modules/search';
import { LEARNING_ORIGIN } from './learning-documents.ts';
import * as store from './learning.repository.ts';
import type { LearningCertificationRow } from './learning.repository.ts';

/** How many upcoming sessions the webinars page lists at most. */
const SESSION_WINDOW = 500;
/** How many upcoming sessions of each region the learning page has at hand. */
export const UPCOMING_PER_REGION = 6;

export interface SessionView {
  id: string;
  itemTitle: string;
  itemDescription: string;
  kind: LearningKind;
  kindLabel: string;
  startsAt: string;
  timeZone: string;
  region: Region;
  durationMinutes: number;
  location: string | null;
  registerUrl: string;
  /** Where the session's .ics file is downloaded. */
  calendarPath: string;
}

export interface OnDemandView {
  id: string;
  title: string;
  description: string;
  kindLabel: string;
  durationMinutes: number;
  /** The item's page on the learning platform, which plays the recording. */
  recordingUrl: string;
}

export const calendarPath = (sessionId: string) =>
  `/api/learning/sessions/${sessionId}/calendar.ics`;

function kindOf(value: string): LearningKind {
  return value in LEARNING_KIND_LABELS ? (value as LearningKind) : 'course';
}

function sessionView(row: store.SessionWithItem, learningBaseUrl: string): SessionView {
  const kind = kindOf(row.item_kind);
  return {
    id: row.id,
    itemTitle: row.item_title,
    itemDescription: row.item_description,
    kind,
    kindLabel: LEARNING_KIND_LABELS[kind],
    startsAt: row.starts_at,
    timeZone: row.time_zone,
    region: isRegion(row.region) ? row.region : 'ROW',
    durationMinutes: row.duration_minutes,
    location: row.location,
    registerUrl: learningActivityUrl(learningBaseUrl, row.item_platform_id),
    calendarPath: calendarPath(row.id),
  };
}

/** The learning items as search results, for the content cards the search page shows too. */
async function itemResults(db: Kysely<Database>): Promise<Map<string, SearchResult>> {
  const documents = await listSearchDocuments(db, LEARNING_ORIGIN);
  return new Map(documents.map((document) => [document.unique_id, resultOfDocument(document)]));
}

export interface AudiencePath {
  audience: string;
  paths: SearchResult[];
}

export interface LearningHome {
  featured: SearchResult[];
  /**
   * The soonest sessions of each region: the page shows the visitor's, and switches at once
   * when the visitor picks another region.
   */
  upcoming: SessionView[];
  paths: AudiencePath[];
}

function audienceOf(item: store.LearningItemRow): string[] {
  const value: unknown = JSON.parse(item.audience);
  return Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : [];
}

/** The learning page (spec 1 learning area): featured items, upcoming sessions, paths by audience. */
export async function learningHome(
  db: Kysely<Database>,
  settings: { learningBaseUrl: string; now?: Date },
): Promise<LearningHome> {
  const now = settings.now ?? new Date();
  const from = now.toISOString();
  const [items, results, ...perRegion] = await Promise.all([
    store.listItems(db),
    itemResults(db),
    ...REGIONS.map((region) => store.listSessionsFrom(db, from, UPCOMING_PER_REGION, { region })),
  ]);
  const sessions = perRegion.flat().sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const resultOf = (item: store.LearningItemRow) => results.get(item.id);
  const present = (result: SearchResult | undefined): result is SearchResult =>
    result !== undefined;
  const pathItems = items.filter(
    (item) => item.kind === 'learning_plan' || item.kind === 'learning_track',
  );
  return {
    featured: items
      .filter((item) => item.featured === 1)
      .map(resultOf)
      .filter(present),
    upcoming: sessions.map((row) => sessionView(row, settings.learningBaseUrl)),
    paths: LEARNING_AUDIENCES.map((audience) => ({
      audience,
      paths: pathItems
        .filter((item) => audienceOf(item).includes(audience))
        .map(resultOf)
        .filter(present),
    })),
  };
}

export interface WebinarsEvents {
  upcoming: SessionView[];
  onDemand: OnDemandView[];
}

/** The webinars and events page: upcoming sessions and on-demand recordings, filtered. */
export async function webinarsEvents(
  db: Kysely<Database>,
  filter: ScheduleFilter,
  settings: { learningBaseUrl: string; now?: Date },
): Promise<WebinarsEvents> {
  const now = settings.now ?? new Date();
  const [items, sessions] = await Promise.all([
    store.listItems(db),
    store.listSessionsFrom(db, now.toISOString(), SESSION_WINDOW, {
      region: filter.region,
      kind: filter.format,
    }),
  ]);
  const views = sessions.map((row) => ({
    ...sessionView(row, settings.learningBaseUrl),
    sessionId: row.id,
    itemKind: kindOf(row.item_kind),
  }));
  const scheduledKinds: readonly string[] = ['webinar', 'event', 'classroom'];
  return {
    upcoming: upcomingSessions(views, filter, now).map(
      ({ sessionId: _sessionId, itemKind: _itemKind, ...view }) => view,
    ),
    // A recording is watched anywhere, so the region filter does not narrow it.
    onDemand: items
      .filter((item) => item.on_demand === 1 && scheduledKinds.includes(item.kind))
      .filter((item) => filter.format === undefined || item.kind === filter.format)
      .map((item) => ({
        id: item.id,
        title: item.title,
        description: item.description,
        kindLabel: LEARNING_KIND_LABELS[kindOf(item.kind)],
        durationMinutes: item.duration_minutes,
        recordingUrl: learningActivityUrl(settings.learningBaseUrl, item.platform_id),
      })),
  };
}

export interface CalendarFile {
  fileName: string;
  body: string;
}

/** One session's .ics file, or undefined when there is no such session. */
export async function sessionCalendarFile(
  db: Kysely<Database>,
  sessionId: string,
  settings: { learningBaseUrl: string; siteHost: string; now?: Date },
): Promise<CalendarFile | undefined> {
  const row = await store.findSession(db, sessionId);
  if (!row) return undefined;
  return {
    fileName: calendarFileName(row.item_title),
    body: sessionCalendar(
      {
        uid: `${row.id}@${settings.siteHost}`,
        title: row.item_title,
        description: row.item_description,
        startsAt: row.starts_at,
        durationMinutes: row.duration_minutes,
        location: row.location ?? undefined,
        url: learningActivityUrl(settings.learningBaseUrl, row.item_platform_id),
      },
      settings.now ?? new Date(),
    ),
  };
}

export interface CertificationView {
  id: string;
  name: string;
  earnedOn: string;
  expiresOn: string | null;
  badgeUrl: string | null;
}

/** A signed-in user's certifications, newest first; none without an email address. */
export async function certificationsOf(
  db: Kysely<Database>,
  email: string | null,
): Promise<CertificationView[]> {
  if (!email) return [];
  return (await store.listCertificationsByEmail(db, email)).map(certificationView);
}

/** The certifications the people with these addresses hold, for a practice's recognition badge. */
export async function certificationsOfPeople(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Array<CertificationView & { email: string }>> {
  return (await store.listCertificationsByEmails(db, emails)).map((row) => ({
    email: row.user_email,
    ...certificationView(row),
  }));
}

function certificationView(row: LearningCertificationRow): CertificationView {
  return {
    id: row.id,
    name: row.name,
    earnedOn: row.earned_on,
    expiresOn: row.expires_on,
    badgeUrl: row.badge_url,
  };
}
