import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PARTNER_EVENT_KINDS } from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { count, SHARES, viewerOf, viewSecond, type Day } from './day-visits.ts';
import { momentOf, numbered, pick, raw } from './dialect-sql.ts';
import { CHALLENGES, MEMBERS, PEOPLE, PRODUCTS } from './fixtures.ts';

/*
 * A day's work for the insight benchmark: cases raised (some after a content view of their
 * owner, so views are followed by a case), their messages, solving and ratings; community
 * questions, answers and comments; the partner programme's ledger, challenges and events.
 * Answers, solving and completions may fall on later days, as they do.
 */

const CATEGORIES = [
  'Bank feeds',
  'Payroll',
  'Invoices',
  'Sign-in',
  'Tax',
  'Reports',
  'Billing',
  'Inventory',
  'Projects',
  'Expenses',
  'Data import',
  'Mobile app',
];
const IMPACTS = ['just-me', 'just-me', 'several-people', 'whole-business'];
const HOUR = 3_600;
const lit = (value: number) => sql.lit(Math.floor(value));

async function inserted(query: RawBuilder<unknown>, db: Kysely<Database>) {
  const result = await query.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Case c is raised ten minutes after content view c * step, by its viewer when signed in. */
function caseColumns(day: Day, c: RawBuilder<unknown>) {
  const step = Math.max(1, Math.floor(count(day, SHARES.contentViews) / count(day, SHARES.cases)));
  const view = sql`(${c} * ${lit(step)})`;
  const second = sql`${viewSecond(day, view)} + 600`;
  return {
    id: sql`${sql.lit(`d${day.index}c`)} || ${c}`,
    owner: sql`coalesce(${viewerOf(view)}, 'u' || (${c} % ${lit(PEOPLE)} + 1))`,
    second,
    // Solved within two days, but three in twenty still open or waiting for the customer.
    solvedSecond: sql`case when ${c} % 20 >= 4 then ${second} + (${c} % 48 + 1) * ${lit(HOUR)} end`,
  };
}

async function seedCases(db: Kysely<Database>, day: Day) {
  const { dialect } = day;
  const c = raw('n');
  const one = caseColumns(day, c);
  const at = (seconds: RawBuilder<unknown>) => momentOf(dialect, day.day, seconds);
  const cases = await inserted(
    sql`insert into support_case (id, case_number, queue, subject, description, product,
        category_id, category_name, impact, contact_method, status, owner_id, created_at,
        updated_at, solved_at, closed_at, rating, rated_at)
      select ${one.id}, ${lit(day.index * 10_000_000)} + n,
        case when n % 5 = 0 then 'partner' else 'customer' end, 'A problem', 'What happened.',
        ${pick(sql`n / 2`, PRODUCTS)}, ${pick(sql`n + ${lit(day.index * 5)}`, CATEGORIES)},
        ${pick(sql`n + ${lit(day.index * 5)}`, CATEGORIES)}, ${pick(c, IMPACTS)}, 'email',
        case when n % 20 < 3 then 'open' when n % 20 = 3 then 'awaiting-reply'
          when n % 20 < 15 then 'solved' else 'closed' end,
        ${one.owner}, ${at(one.second)}, ${at(one.second)},
        case when n % 20 >= 4 then ${at(one.solvedSecond)} end,
        case when n % 20 >= 15 then ${at(sql`${one.solvedSecond} + ${lit(72 * HOUR)}`)} end,
        case when n % 20 >= 4 and n % 10 < 3 then n % 5 + 1 end,
        case when n % 20 >= 4 and n % 10 < 3 then ${at(sql`${one.solvedSecond} + ${lit(HOUR)}`)} end
      from ${numbered(dialect, count(day, SHARES.cases))}`,
    db,
  );
  const submitted = await inserted(
    sql`insert into analytics_event (id, name, fields, page_path, user_id, occurred_at,
        received_at)
      select ${sql.lit(`d${day.index}e`)} || n, 'case submitted', '{}', '/support/cases/new',
        ${one.owner}, ${at(one.second)}, ${at(one.second)}
      from ${numbered(dialect, count(day, SHARES.cases))}`,
    db,
  );
  // Three messages a case: the customer's, an agent's internal note, an agent's answer.
  const m = sql`((n - 1) / 3 + 1)`;
  const ofMessage = caseColumns(day, m);
  const messages = await inserted(
    sql`insert into support_case_message (id, case_id, author_id, author_role, body, created_at,
        visibility)
      select ${sql.lit(`d${day.index}m`)} || n, ${ofMessage.id}, null,
        case when n % 3 = 1 then 'customer' else 'agent' end, 'A message.',
        ${at(sql`${ofMessage.second} + (n % 3) * ((${m} % 12) + 1) * 1200`)},
        case when n % 3 = 2 then 'internal' else 'public' end
      from ${numbered(dialect, count(day, SHARES.caseMessages))}
      where ${m} <= ${lit(count(day, SHARES.cases))}`,
    db,
  );
  return {
    'cases raised (support_case)': cases,
    'cases submitted (analytics_event)': submitted,
    'case messages (support_case_message)': messages,
  };
}

async function seedCommunity(db: Kysely<Database>, day: Day) {
  const { dialect } = day;
  const questionCount = count(day, SHARES.questions);
  const asked = (t: RawBuilder<unknown>) => sql`${t} * 86000 / ${lit(questionCount + 1)}`;
  const at = (seconds: RawBuilder<unknown>) => momentOf(dialect, day.day, seconds);
  const questions = await inserted(
    sql`insert into community_discussion (id, title, product, author_id, created_at,
        last_activity_at, best_answer_id, answer_count, hidden)
      select ${sql.lit(`d${day.index}t`)} || n, 'Question ' || n, ${pick(raw('n'), PRODUCTS)},
        'u' || ((n * 29) % ${lit(PEOPLE)} + 1), ${at(asked(raw('n')))}, ${at(asked(raw('n')))},
        case when n % 3 = 0 then ${sql.lit(`d${day.index}p`)} || (n * 5 - 3) end,
        case when n % 5 = 0 then 0 else 2 end, case when n % 50 = 0 then 1 else 0 end
      from ${numbered(dialect, questionCount)}`,
    db,
  );
  // Five posts a question: itself, two answers (comments when it got none), two comments;
  // the first answer from 20 minutes to a few days after asking.
  const t = sql`((n - 1) / 5 + 1)`;
  const place = sql`((n - 1) % 5)`;
  const posts = await inserted(
    sql`insert into community_post (id, discussion_id, kind, author_id, body, body_text,
        created_at, hidden)
      select ${sql.lit(`d${day.index}p`)} || n, ${sql.lit(`d${day.index}t`)} || ${t},
        case when ${place} = 0 then 'question' when ${place} < 3 and ${t} % 5 <> 0 then 'answer'
          else 'comment' end,
        'u' || ((n * 31) % ${lit(PEOPLE)} + 1), '<p>A post.</p>', 'A post.',
        ${at(sql`${asked(t)} + ${place} * (${t} % 90 + 1) * 1200`)},
        case when n % 40 = 0 then 1 else 0 end
      from ${numbered(dialect, count(day, SHARES.communityPosts))}
      where ${t} <= ${lit(questionCount)}`,
    db,
  );
  return {
    'community questions (community_discussion)': questions,
    'community posts (community_post)': posts,
  };
}

async function seedPartners(db: Kysely<Database>, day: Day) {
  const { dialect } = day;
  const spread = (total: number) => momentOf(dialect, day.day, sql`n * 86000 / ${lit(total + 1)}`);
  const ledgerCount = count(day, SHARES.ledgerEntries);
  const ledger = await inserted(
    sql`insert into partner_points_entry (id, user_id, kind, points, reason, source_event,
        occurred_at)
      select ${sql.lit(`d${day.index}l`)} || n, 'u' || ((n * 7) % ${lit(MEMBERS)} + 1),
        case when n % 20 < 14 then 'earned' when n % 20 < 18 then 'redeemed'
          when n % 20 = 18 then 'expired' else 'adjusted' end,
        case when n % 20 < 14 then 1 else -1 end * (n % 10 + 1) * 10, 'Bench',
        ${sql.lit(`d${day.index}l`)} || n, ${spread(ledgerCount)}
      from ${numbered(dialect, ledgerCount)}`,
    db,
  );
  const entryCount = count(day, SHARES.challengeEntries);
  // A member joins a challenge once: a second join of the same one is not an entry.
  const challenges = await inserted(
    sql`insert into partner_challenge_entry (challenge_id, user_id, joined_at, on_leaderboard,
        completed_at)
      select 'ch' || ((n % 4 + ${lit(day.index * 4)}) % ${lit(CHALLENGES)} + 1),
        'u' || ((n * 13 + ${lit(day.index * 7)}) % ${lit(MEMBERS)} + 1), ${spread(entryCount)}, 1,
        case when n % 3 = 0 then ${momentOf(dialect, day.day, sql`n * 86000 / ${lit(entryCount + 1)} + 172800`)} end
      from ${numbered(dialect, entryCount)}
      where true
      on conflict do nothing`,
    db,
  );
  const eventCount = count(day, SHARES.partnerEvents);
  const events = await inserted(
    sql`insert into partner_event (id, user_id, kind, source_event, subject, occurred_at)
      select ${sql.lit(`d${day.index}x`)} || n, 'u' || ((n * 11) % ${lit(MEMBERS)} + 1),
        ${pick(sql`n / 3`, PARTNER_EVENT_KINDS)}, ${sql.lit(`d${day.index}x`)} || n, null,
        ${spread(eventCount)}
      from ${numbered(dialect, eventCount)}`,
    db,
  );
  return {
    'ledger entries (partner_points_entry)': ledger,
    'challenge entries (partner_challenge_entry)': challenges,
    'partner events (partner_event)': events,
  };
}

export async function seedWork(db: Kysely<Database>, day: Day): Promise<Record<string, number>> {
  return {
    ...(await seedCases(db, day)),
    ...(await seedCommunity(db, day)),
    ...(await seedPartners(db, day)),
  };
}
