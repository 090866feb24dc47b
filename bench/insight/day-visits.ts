import { sql, type Kysely, type RawBuilder } from 'kysely';
import { FEEDBACK_REASONS } from '~core/answers';
import type { Database } from '~server/db/schema.ts';
import { momentOf, numbered, pick, raw, type Dialect } from './dialect-sql.ts';
import { ANSWERS, ARTICLES, PEOPLE, REGIONS } from './fixtures.ts';

/*
 * A day's visitors' events for the insight benchmark, each kind one set-based insert: searches
 * and their clicks, content views, answers shown and their feedback, contact visits and
 * helpful votes. Row n of each kind is spread over the day; what it names (query, article,
 * answer, topic) is skewed so that a few are common, and shifted by the day's number so each
 * day has its own most searched and most viewed.
 */

export interface Day {
  dialect: Dialect;
  day: string;
  /** The day's number from the first, shifting what the day's events name. */
  index: number;
  /** The day's events of all kinds. */
  events: number;
}

/** Each kind's share of a day's events (docs/insight.md, "Measured"). */
export const SHARES = {
  searches: 0.53,
  contentViews: 0.2,
  answerEvents: 0.05,
  contactVisits: 0.01,
  helpfulVotes: 0.01,
  cases: 0.002,
  caseMessages: 0.006,
  questions: 0.0008,
  communityPosts: 0.004,
  ledgerEntries: 0.008,
  challengeEntries: 0.001,
  partnerEvents: 0.003,
} as const;

const SPREAD = 86_000;
const HUBS = [...Array(7).fill('BENCH_GlobalSearch'), 'BENCH_Learning', 'BENCH_Learning'];
const WORDS = [
  'invoice',
  'pay run',
  'bank feed',
  'gst',
  'vat return',
  'payslip',
  'quote',
  'timesheet',
  'bank rule',
  'super',
  'credit note',
  'expense claim',
  'stock',
  'budget',
  'bill',
];
const FLOWS = [
  'hub',
  'hub',
  'hub',
  'book-a-call',
  'raise-case',
  'chat',
  'sign-in-help',
  'mfa-help',
];
const TOPICS = [
  'payroll',
  'invoices',
  'banking',
  'tax',
  'reports',
  'billing',
  'sign-in',
  'inventory',
  'projects',
  'expenses',
  'contacts',
  'settings',
];

export const count = (day: Day, share: number) => Math.round(day.events * share);
const lit = (value: number) => sql.lit(Math.floor(value));

/** A number from 0 to `below`, most often small: skewed towards the first. */
function skewed(n: RawBuilder<unknown>, multiplier: number, below: number) {
  return sql`((${n} * ${lit(multiplier)}) % 10000) * ((${n} * ${lit(multiplier)}) % 10000)
    / ${lit(100_000_000 / below)}`;
}

/** The article a view or vote n names: skewed, with the day's own most read. */
export function articleOf(day: Day, n: RawBuilder<unknown>) {
  return sql`'a' || ((${skewed(n, 7907, ARTICLES)} + ${lit(day.index * 101)}) % ${lit(ARTICLES)} + 1)`;
}

/** The signed-in person of a content view, or null for three views in ten that are guests'. */
export function viewerOf(n: RawBuilder<unknown>) {
  return sql`case when ${n} % 10 < 3 then 'u' || ((${n} * 13) % ${lit(PEOPLE)} + 1) end`;
}

/** The second of the day content view n happens. */
export function viewSecond(day: Day, n: RawBuilder<unknown>) {
  return sql`${n} * ${lit(SPREAD)} / ${lit(count(day, SHARES.contentViews) + 1)}`;
}

/**
 * Searches come three to a visitor; one visitor in four searches again within a minute (a
 * refinement when nothing was clicked), the others half an hour apart.
 */
function searchColumns(day: Day) {
  const n = raw('n');
  const visitor = sql`(n / 3)`;
  const groups = count(day, SHARES.searches) / 3 + 1;
  const second = sql`${visitor} * ${lit(SPREAD)} / ${lit(groups)}
    + (n % 3) * case when ${visitor} % 4 = 0 then 45 else 1800 end`;
  const item = sql`(${skewed(n, 7919, 5000)} + ${lit(day.index * 37)}) % 5000`;
  return {
    n,
    uid: sql`${sql.lit(`d${day.index}s`)} || n`,
    hub: pick(visitor, HUBS),
    region: pick(visitor, REGIONS),
    query: sql`${pick(item, WORDS)} || ' ' || (${item} / ${lit(WORDS.length)})`,
    found: sql`case when ${item} % 11 = 0 then 0 else 10 end`,
    visitor: sql`case when ${visitor} % 10 <> 9 then ${sql.lit(`v${day.index}-`)} || ${visitor} end`,
    second,
  };
}

async function inserted(query: RawBuilder<unknown>, db: Kysely<Database>) {
  const result = await query.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function seedVisits(db: Kysely<Database>, day: Day): Promise<Record<string, number>> {
  const { dialect } = day;
  const s = searchColumns(day);
  const searches = await inserted(
    sql`insert into search_query_log (id, search_uid, search_hub, tab, query_text, result_count,
        is_guest, user_region, cause, searched_at, visitor_key)
      select ${sql.lit(`d${day.index}q`)} || n, ${s.uid}, ${s.hub}, null, ${s.query}, ${s.found},
        case when n % 3 = 0 then 0 else 1 end, ${s.region}, 'searchboxSubmit',
        ${momentOf(dialect, day.day, s.second)}, ${s.visitor}
      from ${numbered(dialect, count(day, SHARES.searches))}`,
    db,
  );
  // Four searches in ten that found something get a click, mostly on the first results.
  const clicks = await inserted(
    sql`insert into search_click (id, search_uid, unique_id, position, clicked_at)
      select ${sql.lit(`d${day.index}k`)} || n, ${s.uid}, 'doc-' || (n % 500),
        ((n * 17) % 100) * ((n * 17) % 100) / 1500,
        ${momentOf(dialect, day.day, sql`${s.second} + 20`)}
      from ${numbered(dialect, count(day, SHARES.searches))}
      where ${s.found} > 0 and (n * 31) % 100 < 40`,
    db,
  );
  const n = raw('n');
  const viewed = momentOf(dialect, day.day, viewSecond(day, n));
  const views = await inserted(
    sql`insert into analytics_event (id, name, fields, page_path, user_id, occurred_at,
        received_at)
      select ${sql.lit(`d${day.index}v`)} || n, 'content viewed',
        '{"contentId":"' || ${articleOf(day, n)} || '"}', '/kb/' || ${articleOf(day, n)},
        ${viewerOf(n)}, ${viewed}, ${viewed}
      from ${numbered(dialect, count(day, SHARES.contentViews))}`,
    db,
  );
  const answerCount = count(day, SHARES.answerEvents);
  const answerKind = sql`case when n % 50 < 35 then 'shown' when n % 50 < 39 then 'liked'
    when n % 50 < 42 then 'disliked' else 'citation-clicked' end`;
  const answerId = sql`'ans' || ((n * 7 + ${lit(day.index * 53)}) % ${lit(ANSWERS)} + 1)`;
  const answers = await inserted(
    sql`insert into answer_event (id, answer_id, kind, reason, details, citation_id, search_id,
        search_hub, question_text, user_id, created_at, statistics)
      select ${sql.lit(`d${day.index}a`)} || n, ${answerId}, ${answerKind},
        case when n % 50 between 39 and 41 then ${pick(n, FEEDBACK_REASONS)} end,
        case when n % 50 = 40 then 'The steps do not match my screen.' end,
        case when n % 50 >= 42 then 'a' || ((n * 7) % ${lit(ARTICLES)} + 1) end,
        null, ${pick(n, HUBS)}, 'Question', null,
        ${momentOf(dialect, day.day, sql`n * ${lit(SPREAD)} / ${lit(answerCount + 1)}`)},
        case when n % 20 < 17 then 1 else 0 end
      from ${numbered(dialect, answerCount)}`,
    db,
  );
  const contactCount = count(day, SHARES.contactVisits);
  const visited = momentOf(dialect, day.day, sql`n * ${lit(SPREAD)} / ${lit(contactCount + 1)}`);
  const contact = await inserted(
    sql`insert into contact_deflection (id, flow, region, topic, saw_answer, articles_shown,
        reached_person, created_at, reached_at)
      select ${sql.lit(`d${day.index}f`)} || n, ${pick(n, FLOWS)}, ${pick(sql`n / 3`, REGIONS)},
        ${pick(sql`n * 7 + ${lit(day.index)}`, TOPICS)}, case when n % 5 < 3 then 1 else 0 end,
        n % 4, case when n % 3 = 0 then 1 else 0 end, ${visited},
        case when n % 3 = 0 then ${visited} end
      from ${numbered(dialect, contactCount)}`,
    db,
  );
  const voteCount = count(day, SHARES.helpfulVotes);
  const votes = await inserted(
    sql`insert into kb_article_feedback (id, article_id, helpful, comment, user_id, created_at)
      select ${sql.lit(`d${day.index}h`)} || n, ${articleOf(day, sql`(n * 3)`)},
        case when n % 10 < 7 then 1 else 0 end, null, null,
        ${momentOf(dialect, day.day, sql`n * ${lit(SPREAD)} / ${lit(voteCount + 1)}`)}
      from ${numbered(dialect, voteCount)}`,
    db,
  );
  return {
    'searches (search_query_log)': searches,
    'result clicks (search_click)': clicks,
    'content views (analytics_event)': views,
    'answers shown, feedback, citation clicks (answer_event)': answers,
    'contact visits (contact_deflection)': contact,
    'helpful votes (kb_article_feedback)': votes,
  };
}
