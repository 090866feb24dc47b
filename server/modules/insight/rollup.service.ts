import type { Kysely } from 'kysely';
import {
  addDays,
  dayBounds,
  dayOf,
  findRefinements,
  keepTopItems,
  monthBounds,
  monthOf,
  queryItem,
  REFINEMENT_WINDOW_MINUTES,
} from '~core/insight';
import type { Database } from '~server/db/schema.ts';
import {
  countContentViewsBetween,
  countViewsFollowedByCaseBetween,
} from '~server/modules/analytics';
import {
  countAnswerEventsBetween,
  deleteAnswerEventsBefore,
  findAnswerRecords,
} from '~server/modules/answers';
import {
  countCasesRaisedBetween,
  countOpenCasesAt,
  countRatingsBetween,
  listCasesSolvedBetween,
  listFirstResponsesBetween,
} from '~server/modules/cases';
import {
  countPostsBetween,
  countQuestionsBetween,
  listFirstAnswersBetween,
} from '~server/modules/community';
import { countDeflectionsBetween } from '~server/modules/contact';
import { countChallengeEntriesBetween, countLedgerBetween } from '~server/modules/partners';
import { countArticleFeedbackBetween } from '~server/modules/content';
import {
  countClicksBetween,
  countSearchesBetween,
  countVisitorsBetween,
  deleteSearchAnalyticsBefore,
  listVisitorSearchesBetween,
} from '~server/modules/search';
import { CUT_FIGURES, FIGURES, joinItem } from './insight-figures.ts';
import {
  lastRolledDay,
  lockMonth,
  replaceDay,
  replaceMonth,
  sumDaysOfMonth,
  type DailyRow,
} from './insight.repository.ts';

/*
 * The rollup: one day's events of every module become that day's aggregates, written in one
 * transaction that replaces what an earlier run wrote for the day, so running it again (a
 * retry, a second worker, late clicks) gives the same figures, never doubled ones.
 */

/** Days rolled up again on every run, for clicks and answers that come after their search. */
const RECENT_DAYS = 2;

/** Of each cut figure, the most counted items per dimensions (core/insight/top-items.ts). */
function keepFiguresTops<Row extends DailyRow>(rows: readonly Row[]): Row[] {
  return keepTopItems(
    rows,
    (row) => JSON.stringify([row.figure, row.region, row.product, row.hub]),
    (row) => CUT_FIGURES.has(row.figure),
  );
}

class DayRows {
  private readonly rows = new Map<string, DailyRow>();

  add(
    figure: string,
    dimensions: { region?: string | null; product?: string | null; hub?: string },
    item: string,
    count: number,
    amount = 0,
  ) {
    const row: DailyRow = {
      figure,
      region: dimensions.region ?? '',
      product: dimensions.product ?? '',
      hub: dimensions.hub ?? '',
      item,
      count,
      amount,
    };
    const key = JSON.stringify([row.figure, row.region, row.product, row.hub, row.item]);
    const known = this.rows.get(key);
    if (known) {
      known.count += count;
      known.amount += amount;
    } else this.rows.set(key, row);
  }

  /** The rows, the cut figures' tails left out. */
  list(): DailyRow[] {
    return keepFiguresTops(
      [...this.rows.values()].filter((row) => row.count !== 0 || row.amount !== 0),
    );
  }
}

async function searchRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  for (const line of await countSearchesBetween(db, range)) {
    const dimensions = { region: line.region, hub: line.searchHub };
    rows.add(FIGURES.searches, dimensions, '', line.searches);
    // An empty search (browsing) counts in the totals under item '', never as a query.
    rows.add(FIGURES.noResultTotal, dimensions, '', line.noResult);
    rows.add(FIGURES.noClickTotal, dimensions, '', line.noClick);
    const item = queryItem(line.query);
    if (item === '') continue;
    rows.add(FIGURES.queries, dimensions, item, line.searches);
    rows.add(FIGURES.noResult, dimensions, item, line.noResult);
    rows.add(FIGURES.noClick, dimensions, item, line.noClick);
    rows.add(FIGURES.queriesAll, {}, item, line.searches);
    rows.add(FIGURES.noResultAll, {}, item, line.noResult);
    rows.add(FIGURES.noClickAll, {}, item, line.noClick);
  }
  for (const line of await countClicksBetween(db, range)) {
    rows.add(
      FIGURES.clicks,
      { region: line.region, hub: line.searchHub },
      '',
      line.clicks,
      line.positions,
    );
  }
  for (const line of await countVisitorsBetween(db, range)) {
    const dimensions = { region: line.region, hub: line.searchHub };
    rows.add(FIGURES.visitors, dimensions, '', line.visitors, line.searches);
  }
  await refinementRows(db, range, rows);
}

const MINUTE = 60_000;

/**
 * The day's searches that were refined, counted on the day of the search refined: its next
 * search may come just after midnight, so the searches read run on for the window.
 */
async function refinementRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  const end = new Date(Date.parse(range.end) + REFINEMENT_WINDOW_MINUTES * MINUTE).toISOString();
  const searches = await listVisitorSearchesBetween(db, { start: range.start, end });
  for (const { original, refinedTo } of findRefinements(searches)) {
    if (original.at >= range.end) continue;
    const dimensions = { region: original.region, hub: original.hub };
    const pair = joinItem(queryItem(original.query), queryItem(refinedTo.query));
    rows.add(FIGURES.refinedTotal, dimensions, '', 1);
    rows.add(FIGURES.refined, dimensions, pair, 1);
    rows.add(FIGURES.refinedAll, {}, pair, 1);
  }
}

async function answerRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  const counts = await countAnswerEventsBetween(db, range);
  const shownIds = [
    ...new Set(counts.filter((line) => line.kind === 'shown').map((line) => line.answerId)),
  ];
  const answers = new Map(
    (await findAnswerRecords(db, shownIds)).map((answer) => [answer.id, answer]),
  );
  for (const line of counts) {
    const hub = { hub: line.searchHub };
    if (line.kind === 'shown') {
      rows.add(FIGURES.answersShown, hub, '', line.events);
      if (line.declined) rows.add(FIGURES.answersDeclined, hub, '', line.events);
      for (const citation of answers.get(line.answerId)?.citations ?? []) {
        rows.add(FIGURES.citedPages, hub, joinItem(citation.title, citation.uri), line.events);
      }
    } else if (line.kind === 'liked') {
      rows.add(FIGURES.answersLiked, hub, '', line.events);
    } else if (line.kind === 'disliked') {
      rows.add(FIGURES.dislikeReasons, hub, line.reason ?? '', line.events);
      rows.add(FIGURES.dislikedAnswers, hub, line.answerId, line.events);
    } else {
      rows.add(FIGURES.citationClicks, hub, '', line.events);
    }
  }
}

async function contactRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  for (const line of await countDeflectionsBetween(db, range)) {
    const item = joinItem(line.flow, line.topic);
    rows.add(FIGURES.contactVisits, { region: line.region }, item, line.visits);
    rows.add(FIGURES.contactShownHelp, { region: line.region }, item, line.shownHelp);
    rows.add(FIGURES.contactDeflected, { region: line.region }, item, line.deflected);
  }
}

async function caseRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  for (const line of await countCasesRaisedBetween(db, range)) {
    rows.add(
      FIGURES.casesRaised,
      { product: line.product },
      joinItem(line.queue, line.category),
      line.cases,
    );
  }
  for (const line of await listCasesSolvedBetween(db, range)) {
    const product = { product: line.product };
    rows.add(FIGURES.casesSolved, product, joinItem(line.queue, line.category), 1);
    rows.add(FIGURES.resolutionMinutes, product, line.caseId, 1, line.minutes);
  }
  for (const line of await listFirstResponsesBetween(db, range)) {
    rows.add(FIGURES.firstResponseMinutes, { product: line.product }, line.caseId, 1, line.minutes);
  }
  // Counted at the day's end (for today, every case open now), from when cases were raised,
  // solved and closed (the cases module keeps no status history).
  for (const line of await countOpenCasesAt(db, range.end)) {
    rows.add(
      FIGURES.casesOpen,
      { product: line.product },
      joinItem(line.queue, line.category),
      line.cases,
    );
  }
  for (const line of await countRatingsBetween(db, range)) {
    rows.add(FIGURES.ratings, { product: line.product }, String(line.rating), line.ratings);
  }
}

async function contentRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  for (const line of await countContentViewsBetween(db, range)) {
    rows.add(FIGURES.contentViews, {}, line.contentId, line.views);
  }
  for (const line of await countArticleFeedbackBetween(db, range)) {
    rows.add(FIGURES.contentHelpful, {}, line.articleId, line.helpful);
    rows.add(FIGURES.contentNotHelpful, {}, line.articleId, line.notHelpful);
  }
  for (const line of await countViewsFollowedByCaseBetween(db, range)) {
    rows.add(FIGURES.contentFollowedByCase, {}, line.contentId, line.views);
  }
}

async function communityRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  for (const line of await countQuestionsBetween(db, range)) {
    rows.add(FIGURES.communityQuestions, { product: line.product }, '', line.questions);
  }
  for (const line of await listFirstAnswersBetween(db, range)) {
    const minutes = (Date.parse(line.answered) - Date.parse(line.asked)) / MINUTE;
    rows.add(
      FIGURES.communityFirstAnswerMinutes,
      { product: line.product },
      line.discussionId,
      1,
      minutes,
    );
  }
  for (const line of await countPostsBetween(db, range)) {
    rows.add(FIGURES.communityMemberPosts, { product: line.product }, line.authorId, line.posts);
  }
}

const POINTS_FIGURES = {
  earned: FIGURES.partnerPointsEarned,
  redeemed: FIGURES.partnerPointsRedeemed,
  expired: FIGURES.partnerPointsExpired,
  adjusted: FIGURES.partnerPointsAdjusted,
} as const;

async function partnerRows(
  db: Kysely<Database>,
  range: { start: string; end: string },
  rows: DayRows,
) {
  for (const line of await countLedgerBetween(db, range)) {
    // Redeemed and expired points are taken off the balance: counted as the points they took.
    const points = line.kind === 'adjusted' ? line.points : Math.abs(line.points);
    rows.add(POINTS_FIGURES[line.kind], {}, '', points);
  }
  const challenges = await countChallengeEntriesBetween(db, range);
  for (const line of challenges.joined)
    rows.add(FIGURES.partnerChallengesJoined, {}, line.challenge, line.entries);
  for (const line of challenges.completed)
    rows.add(FIGURES.partnerChallengesCompleted, {}, line.challenge, line.entries);
}

/** Rolls one day's events up into its aggregates; returns how many aggregate rows it wrote. */
export async function rollUpDay(db: Kysely<Database>, day: string, now: Date): Promise<number> {
  const range = dayBounds(day);
  const rows = new DayRows();
  await searchRows(db, range, rows);
  await answerRows(db, range, rows);
  await contactRows(db, range, rows);
  await caseRows(db, range, rows);
  await contentRows(db, range, rows);
  await communityRows(db, range, rows);
  await partnerRows(db, range, rows);
  const list = rows.list();
  await db.transaction().execute(async (tx) => {
    await replaceDay(tx, day, list, now.toISOString());
    await rollUpMonth(tx, monthOf(day), now);
  });
  return list.length;
}

/**
 * Sums a month ('YYYY-MM') from its daily rows, so whole months read one row per item; the cut
 * figures keep the month's most counted items of the days' kept ones. A day's rollup does it
 * for the day's month after writing the day, in the same transaction.
 */
export async function rollUpMonth(db: Kysely<Database>, month: string, now: Date): Promise<void> {
  await lockMonth(db, month, now.toISOString());
  const rows = keepFiguresTops(await sumDaysOfMonth(db, monthBounds(month)));
  await replaceMonth(db, month, rows);
}

export interface RollupSettings {
  /** Days raw search and answer events are kept once rolled up. */
  retentionDays: number;
}

/**
 * What the rollup job does each run: the days since the last run and the recent ones again
 * (on the first run, every day the retention keeps), then deletes raw events older than the
 * retention, whose days are rolled up by then.
 */
export async function rollUpPending(
  db: Kysely<Database>,
  now: Date,
  settings: RollupSettings,
): Promise<{ days: number; deleted: number }> {
  const today = dayOf(now);
  const oldestKept = addDays(today, -settings.retentionDays);
  const last = await lastRolledDay(db);
  let day = last === undefined ? oldestKept : addDays(last < today ? last : today, -RECENT_DAYS);
  if (day < oldestKept) day = oldestKept;
  let days = 0;
  for (; day <= today; day = addDays(day, 1)) {
    await rollUpDay(db, day, now);
    days += 1;
  }
  const before = dayBounds(oldestKept).start;
  const deleted =
    (await deleteSearchAnalyticsBefore(db, before)) + (await deleteAnswerEventsBefore(db, before));
  return { days, deleted };
}
