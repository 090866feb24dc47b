import { FEEDBACK_REASONS } from '~core/answers';
import { addDays, dayOf, seededRandom, type SeededRandom } from '~core/insight';
import { searchSettings } from '~core/search';
import type { Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { recordAnalyticsEvents } from '~server/modules/analytics';
import { createAnswersService } from '~server/modules/answers';
import { recordReachedPerson, recordShownHelp, type ContactFlow } from '~server/modules/contact';
import { contentForSearch, listArticleTexts, recordArticleFeedback } from '~server/modules/content';
import { GUEST } from '~server/modules/identity';
import { createSearchService, searchProviderFor, visitorPseudonyms } from '~server/modules/search';
import { lastRolledDay } from '../insight.repository.ts';
import { rollUpDay } from '../rollup.service.ts';

/*
 * The embedded demo's insight (docs/insight.md, "Demo figures"): for a first start, 29 days of
 * visitors' searches, clicks, answers and their feedback, contact visits, content views and
 * votes, recorded through each module's own recording path under a clock set to the moment of
 * each event, then rolled up, so the dashboards are filled before anyone has used the portal.
 * Numbers come from a fixed seed: every run records the same events. A first start with the
 * built-in sign-in runs it unless DEMO_INSIGHT is 'false' (server/demo/seed.ts).
 */

const SEED = 25;
const DAYS = 29;
const MINUTE = 60_000;

/** Queries that find help, and what visitors type that finds nothing or is refined. */
const FOUND = ['pay run', 'invoice', 'bank rules', 'gst return', 'payslip', 'timesheets', 'quote'];
const MISSING = ['bitcoin', 'bitcoins', 'Bitcion', 'cryptocurrency', 'zakat'];
// The first of each pair is what visitors refine: broad, or finding nothing, so that no typo
// joins the search suggestions, which learn popular queries that found something.
const REFINED: readonly [string, string][] = [
  ['bitcoin', 'crypto wallet'],
  ['bank', 'bank feed'],
  ['invoice', 'invoice reminders'],
  ['pay run', 'pay run reversal'],
];
const QUESTIONS = [
  'How do I run a pay run?',
  'How do I send an invoice?',
  'What is a bank rule?',
  'How do I lodge a GST return?',
];
const DETAILS = ['The steps do not match my screen.', 'I asked about Australia.', ''];
const FLOWS: readonly ContactFlow[] = ['hub', 'hub', 'book-a-call', 'raise-case', 'chat'];
const REGIONS = ['AU', 'AU', 'NZ', 'UK', 'US'];
const TOPICS = ['payroll', 'invoices', 'banking', 'tax'];
const STATISTICS = { essential: true, preferences: false, statistics: true, marketing: false };

/** A clock the demo sets to each event's moment, so each is recorded on its own day. */
class DemoClock implements Clock {
  at = 0;
  now = () => new Date(this.at);
  nowMs = () => this.at;
}

interface DemoDay {
  random: SeededRandom;
  /** Sets the clock to a time of the day, minutes after its first visitor's hour. */
  at(minutes: number): void;
}

export interface InsightDemoOutcome {
  searches: number;
  answers: number;
  visits: number;
  views: number;
  votes: number;
}

/**
 * Records the demo's events and rolls them up, once: a portal whose insight was ever rolled up
 * (any start after the first) gets nothing.
 */
export async function seedDemoInsight(
  database: PortalDatabase,
  config: PortalConfig,
  now: Date = new Date(),
): Promise<InsightDemoOutcome | undefined> {
  const { db } = database;
  if ((await lastRolledDay(db)) !== undefined) return undefined;
  const articles = (await listArticleTexts(db)).slice(0, 12);
  if (articles.length === 0) return undefined;
  const clock = new DemoClock();
  const hub = searchSettings(config)[0]!.searchHub;
  const search = createSearchService({
    database,
    engine: searchProviderFor(database, config),
    content: contentForSearch,
    site: config,
    clock,
  });
  const answers = createAnswersService({ database, site: config, clock });
  const pseudonym = visitorPseudonyms(config.sessionSecret);
  const random = seededRandom(SEED);
  const outcome: InsightDemoOutcome = { searches: 0, answers: 0, visits: 0, views: 0, votes: 0 };

  async function searchFor(visitor: string, region: string, query: string) {
    const found = await search.search(
      {
        searchHub: hub,
        q: query,
        sortCriteria: 'relevancy',
        firstResult: 0,
        numberOfResults: 10,
        folding: true,
        enableDidYouMean: true,
        context: { userRegion: region },
        analytics: { cause: 'searchboxSubmit' },
      },
      { isGuest: true, isPartner: false, statistics: true, visitorKey: pseudonym(visitor) },
    );
    outcome.searches += 1;
    return found;
  }

  async function click(day: DemoDay, searchUid: string, uniqueIds: readonly string[]) {
    if (uniqueIds.length === 0) return;
    const position = Math.min(uniqueIds.length - 1, Math.floor(day.random.next() ** 2 * 4));
    await search.recordClick(
      { searchHub: hub, searchUid, uniqueId: uniqueIds[position]!, position },
      { statistics: true },
    );
  }

  async function searches(day: DemoDay, count: number) {
    for (let visit = 0; visit < count; visit += 1) {
      const visitor = `demo-visitor-${day.random.between(1, 60)}`;
      const region = day.random.pick(REGIONS);
      day.at(visit * 40);
      if (day.random.chance(0.25)) {
        // A refined query: nothing clicked, then something else within a few minutes.
        const [first, then] = day.random.pick(REFINED);
        await searchFor(visitor, region, first);
        day.at(visit * 40 + day.random.between(1, 6));
        const next = await searchFor(visitor, region, then);
        day.at(visit * 40 + 7);
        if (day.random.chance(0.7)) await click(day, next.searchUid, idsOf(next));
        continue;
      }
      const query = day.random.chance(0.2) ? day.random.pick(MISSING) : day.random.pick(FOUND);
      const found = await searchFor(visitor, region, query);
      day.at(visit * 40 + 1);
      if (day.random.chance(0.6)) await click(day, found.searchUid, idsOf(found));
    }
  }

  async function answered(day: DemoDay, count: number) {
    for (let shown = 0; shown < count; shown += 1) {
      day.at(shown * 90 + 15);
      // Some visitors refused statistics: their events are kept but never counted.
      const asker = { statistics: day.random.chance(0.85) };
      const answer = await answers.answer(
        { q: day.random.pick(QUESTIONS), searchHub: hub, userRegion: day.random.pick(REGIONS) },
        asker,
      );
      if (answer.declined) continue;
      outcome.answers += 1;
      day.at(shown * 90 + 17);
      if (day.random.chance(0.35)) {
        await answers.recordFeedback(answer.answerId, { helpful: true }, asker);
      } else if (day.random.chance(0.3)) {
        const details = day.random.pick(DETAILS);
        await answers.recordFeedback(
          answer.answerId,
          {
            helpful: false,
            reason: day.random.pick(FEEDBACK_REASONS),
            ...(details ? { details } : {}),
          },
          asker,
        );
      }
      const citation = answer.citations[0];
      if (citation && day.random.chance(0.25)) {
        await answers.recordCitationClick(answer.answerId, { citationId: citation.id }, asker);
      }
    }
  }

  async function contactVisits(day: DemoDay, count: number) {
    for (let visit = 0; visit < count; visit += 1) {
      day.at(visit * 70 + 30);
      const sawAnswer = day.random.chance(0.6);
      const id = await recordShownHelp(
        db,
        {
          flow: day.random.pick(FLOWS),
          region: day.random.pick(REGIONS),
          topic: day.random.pick(TOPICS),
          sawAnswer,
          articlesShown: sawAnswer ? day.random.between(1, 3) : day.random.between(0, 2),
        },
        clock.now(),
      );
      outcome.visits += 1;
      // A third go on to a person, some after the 30 minutes (still counted as helped).
      if (day.random.chance(0.35)) {
        await recordReachedPerson(
          db,
          id,
          new Date(clock.nowMs() + day.random.between(2, 50) * MINUTE),
        );
      }
    }
  }

  async function reading(day: DemoDay, views: number, votes: number) {
    for (let view = 0; view < views; view += 1) {
      day.at(view * 25 + 5);
      const article = articles[Math.floor(day.random.next() ** 2 * articles.length)]!;
      const stored = await recordAnalyticsEvents(db, {
        events: [
          {
            name: 'content viewed',
            fields: { contentType: 'article', contentName: article.urlName, contentId: article.id },
            pagePath: `/s/article/${article.urlName}`,
            occurredAt: clock.now().toISOString(),
          },
        ],
        viewer: GUEST,
        consent: STATISTICS,
        now: clock.now(),
      });
      outcome.views += stored.stored;
      if (view < votes) {
        const voted = await recordArticleFeedback(
          db,
          article.id,
          { helpful: day.random.chance(0.7) },
          { now: clock.now() },
        );
        if (voted.ok) outcome.votes += 1;
      }
    }
  }

  const today = dayOf(now);
  for (let back = DAYS; back >= 1; back -= 1) {
    const date = addDays(today, -back);
    const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    const start = Date.parse(`${date}T07:00:00.000Z`) + random.between(0, 90) * MINUTE;
    const day: DemoDay = {
      random,
      at: (minutes) => {
        clock.at = start + minutes * MINUTE;
      },
    };
    await searches(day, weekend ? random.between(0, 1) : random.between(2, 3));
    await answered(day, random.between(0, 2));
    await contactVisits(day, weekend ? random.between(0, 2) : random.between(2, 4));
    await reading(day, random.between(4, 10), random.between(0, 2));
  }
  // The days of the demo's events and of its cases (the oldest raised 30 days ago); the job
  // goes on from the last of them.
  for (let back = DAYS + 1; back >= 0; back -= 1) await rollUpDay(db, addDays(today, -back), now);
  return outcome;
}

function idsOf(found: { results: readonly { uniqueId: string }[] }): string[] {
  return found.results.map((result) => result.uniqueId);
}
