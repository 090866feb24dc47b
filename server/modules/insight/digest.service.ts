import type { Kysely } from 'kysely';
import {
  addDays,
  dayOf,
  filterQuery,
  insightDigestMessage,
  insightPath,
  share,
  weekOf,
} from '~core/insight';
import type { Database } from '~server/db/schema.ts';
import { listStaff } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { insightDashboard } from './insight.service.ts';
import {
  isDigestSubscriber,
  listDigestSubscribers,
  setDigestSubscriber,
} from './insight.repository.ts';
import { contentGaps } from './search-dashboard.ts';

/** The insight pages' own address, where an admin takes or stops the digest. */
export const INSIGHT_HOME_PATH = '/admin/insight';

export function takesInsightDigest(db: Kysely<Database>, userId: string): Promise<boolean> {
  return isDigestSubscriber(db, userId);
}

export function setInsightDigest(
  db: Kysely<Database>,
  userId: string,
  subscribed: boolean,
  now: Date,
): Promise<void> {
  return setDigestSubscriber(db, userId, subscribed, now.toISOString());
}

/**
 * Queues the weekly digest of the week before this one to every administrator who asked for
 * it. The mail's event key holds the week and the admin, so however often the job runs in a
 * week, each admin gets it once; someone no longer an admin gets nothing.
 */
export async function sendInsightDigests(
  db: Kysely<Database>,
  site: { siteUrl: string; brand: string },
  now: Date,
): Promise<number> {
  const subscribers = new Set(await listDigestSubscribers(db));
  const admins = (await listStaff(db)).filter(
    (member) => member.isAdmin && member.email && subscribers.has(member.id),
  );
  if (admins.length === 0) return 0;
  const thisWeek = weekOf(dayOf(now));
  const filters = { from: addDays(thisWeek, -7), to: addDays(thisWeek, -1) };
  const gaps = await contentGaps({ db, filters });
  const answers = await insightDashboard(db, 'answers', filters);
  const deflection = await insightDashboard(db, 'deflection', filters);
  const visits = Number(
    deflection.tables[0]?.rows.reduce((all, row) => all + Number(row[1]), 0) ?? 0,
  );
  const deflected = Number(
    deflection.tables[0]?.rows.reduce((all, row) => all + Number(row[3]), 0) ?? 0,
  );
  const link = (path: string) => `${site.siteUrl}${path}${filterQuery(filters)}`;
  const message = insightDigestMessage(
    {
      week: filters.from,
      gaps: gaps.gaps
        .slice(0, 5)
        .map((gap) => ({ label: gap.label, searches: gap.noResult + gap.noClick })),
      dislikedAnswers: (answers.tables.find((table) => table.id === 'disliked-answers')?.rows ?? [])
        .slice(0, 5)
        .map((row) => ({ question: String(row[0]), dislikes: Number(row[3]) })),
      contactVisits: visits,
      deflectionRate: share(deflected, visits),
      links: {
        search: link(insightPath('search')),
        answers: link(insightPath('answers')),
        deflection: link(insightPath('deflection')),
        preferences: `${site.siteUrl}${INSIGHT_HOME_PATH}`,
      },
    },
    site.brand,
  );
  await queueMail(
    db,
    admins.map((admin) => ({
      eventKey: `insight-digest:${filters.from}:${admin.id}`,
      to: admin.email!,
      ...message,
    })),
    now,
  );
  return admins.length;
}
