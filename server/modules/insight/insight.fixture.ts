import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { builtInIssuer, NO_USER_DATA, saveUser, type UserData } from '~server/modules/identity';
import { rollUpDay } from './index.ts';
import { ARTICLES, seedCommunity, seedContent } from './insight-content.fixture.ts';
import { at, DAY1, DAY2, DAY3, HUB, id, LEARN, NOW, people } from './insight-days.fixture.ts';

export { DAY1, DAY2, HUB, LEARN, NOW, people, RANGE } from './insight-days.fixture.ts';
export { ARTICLES } from './insight-content.fixture.ts';

/*
 * A known set of events on two days (25 and 26 November), rolled up by the job's own code: the
 * figures tests of every dashboard check each figure against it, on both databases.
 */

async function staff(db: Kysely<Database>) {
  const roles: Record<keyof typeof people, Partial<UserData>> = {
    owner: {},
    agent: { isAgent: true },
    admin: { canViewSetup: true },
  };
  for (const [key, data] of Object.entries(roles) as [keyof typeof people, Partial<UserData>][]) {
    const user = await saveUser(
      db,
      {
        issuer: builtInIssuer('https://portal.example'),
        subject: `insight-${key}`,
        email: `${key}@example.com`,
        firstName: key === 'agent' ? 'Alex' : key,
        lastName: 'Tester',
      },
      { ...NO_USER_DATA, ...data },
    );
    people[key] = user.id;
  }
}

async function search(
  db: Kysely<Database>,
  at: string,
  query: string,
  results: number,
  options: { hub?: string; region?: string | null; clicks?: number[]; visitor?: string } = {},
) {
  const uid = id('s');
  await db
    .insertInto('search_query_log')
    .values({
      id: id('q'),
      search_uid: uid,
      search_hub: options.hub ?? HUB,
      tab: null,
      query_text: query,
      result_count: results,
      is_guest: 1,
      user_region: options.region === undefined ? 'AU' : options.region,
      cause: 'searchboxSubmit',
      visitor_key: options.visitor ?? null,
      searched_at: at,
    })
    .execute();
  for (const position of options.clicks ?? []) {
    await db
      .insertInto('search_click')
      .values({ id: id('c'), search_uid: uid, unique_id: 'doc', position, clicked_at: at })
      .execute();
  }
}

async function answer(db: Kysely<Database>, answerId: string, declined: boolean) {
  await db
    .insertInto('answer_cache')
    .values({
      id: answerId,
      question_key: answerId,
      question_text: `Question ${answerId}`,
      search_hub: HUB,
      region: 'AU',
      content_version: 1,
      provider: 'grounded',
      declined: declined ? 1 : 0,
      answer_text: declined ? '' : `Answer ${answerId}`,
      citations: JSON.stringify(
        declined ? [] : [{ id: 'c1', title: 'Pay runs', uri: 'https://help.example/pay-runs' }],
      ),
      created_at: `${DAY1}T00:00:00.000Z`,
    })
    .execute();
}

async function answerEvent(
  db: Kysely<Database>,
  answerId: string,
  kind: 'shown' | 'liked' | 'disliked' | 'citation-clicked',
  at: string,
  more: { reason?: string; details?: string; statistics?: number | null; hub?: string } = {},
) {
  await db
    .insertInto('answer_event')
    .values({
      id: id('e'),
      answer_id: answerId,
      kind,
      reason: more.reason ?? null,
      details: more.details ?? null,
      citation_id: kind === 'citation-clicked' ? 'c1' : null,
      search_id: null,
      search_hub: more.hub ?? HUB,
      question_text: `Question ${answerId}`,
      user_id: null,
      statistics: more.statistics === undefined ? 1 : more.statistics,
      created_at: at,
    })
    .execute();
}

async function visit(
  db: Kysely<Database>,
  at: string,
  flow: string,
  region: string,
  topic: string,
  shown: { answer: boolean; articles: number },
  reached: boolean,
) {
  await db
    .insertInto('contact_deflection')
    .values({
      id: id('d'),
      flow,
      region,
      topic,
      saw_answer: shown.answer ? 1 : 0,
      articles_shown: shown.articles,
      reached_person: reached ? 1 : 0,
      created_at: at,
    })
    .execute();
}

async function supportCase(
  db: Kysely<Database>,
  values: {
    product: string;
    queue: 'customer' | 'partner';
    category: string;
    status: 'new' | 'open' | 'solved';
    createdAt: string;
    solvedAt?: string;
    rating?: number;
    firstAnswerAt?: string;
  },
) {
  const caseId = id('case');
  await db
    .insertInto('support_case')
    .values({
      id: caseId,
      case_number: Number(caseId.slice('case-'.length)),
      queue: values.queue,
      subject: 'Subject',
      description: 'Description',
      product: values.product,
      category_id: values.category,
      category_name: values.category,
      topic_id: null,
      topic_name: null,
      impact: 'just-me',
      contact_method: 'email',
      contact_email: null,
      contact_phone: null,
      callback_from: null,
      callback_to: null,
      status: values.status,
      owner_id: people.owner,
      organisation_id: null,
      follow_up_of: null,
      created_at: values.createdAt,
      updated_at: values.createdAt,
      solved_at: values.solvedAt ?? null,
      closed_at: null,
      rating: values.rating ?? null,
      rating_comment: null,
      rated_at: values.rating === undefined ? null : values.solvedAt!,
      assignee_id: null,
      customer_wrote_at: null,
      merged_into: null,
    })
    .execute();
  if (values.firstAnswerAt) {
    await db
      .insertInto('support_case_message')
      .values([
        {
          id: id('m'),
          case_id: caseId,
          author_id: people.agent,
          author_role: 'agent',
          body: 'A note',
          created_at: values.createdAt,
          visibility: 'internal',
          mail_message_id: null,
        },
        {
          id: id('m'),
          case_id: caseId,
          author_id: people.agent,
          author_role: 'agent',
          body: 'An answer',
          created_at: values.firstAnswerAt,
          visibility: 'public',
          mail_message_id: null,
        },
      ])
      .execute();
  }
}

async function seed(db: Kysely<Database>) {
  // Search: 7 searches on day 1, 3 on day 2. Visitors a, c, d, e and f (b's search has no
  // pseudonym); refined: a's 'payrol tax', e's 'stock take' and f's 'payroll taxes' (its next
  // search is after midnight, on a day not rolled up).
  await search(db, at(DAY1, '07:55:00'), 'payrol tax', 0, { visitor: 'a' });
  await search(db, at(DAY1, '08:00:00'), 'Payroll tax', 0, { visitor: 'a' });
  await search(db, at(DAY1, '08:01:00'), 'payroll  TAX', 0, { region: 'NZ' });
  await search(db, at(DAY1, '10:00:00'), 'invoice', 12, { clicks: [0, 2], visitor: 'c' });
  // After a click, and after an empty search, a new query is not a refinement.
  await search(db, at(DAY1, '10:03:00'), '', 40, { visitor: 'c' });
  await search(db, at(DAY1, '10:05:00'), 'invoice', 12, { visitor: 'c' });
  await search(db, at(DAY1, '12:00:00'), 'webinar', 3, { hub: LEARN, clicks: [1], visitor: 'd' });
  await search(db, at(DAY2, '08:00:00'), 'stock take', 0, { region: null, visitor: 'e' });
  await search(db, at(DAY2, '08:06:00'), 'invoice', 5, { clicks: [3], visitor: 'e' });
  await search(db, at(DAY2, '23:59:59'), 'payroll taxes', 2, { visitor: 'f' });
  await search(db, at(DAY3, '00:05:00'), 'payroll tax rates', 4, { visitor: 'f' });
  // Answers: a1 answered, a2 declined; the unconsented and pre-consent events are not counted.
  await answer(db, 'a1', false);
  await answer(db, 'a2', true);
  await answerEvent(db, 'a1', 'shown', at(DAY1, '08:00:00'));
  await answerEvent(db, 'a1', 'shown', at(DAY1, '09:00:00'));
  await answerEvent(db, 'a1', 'shown', at(DAY2, '09:00:00'));
  await answerEvent(db, 'a2', 'shown', at(DAY2, '10:00:00'));
  await answerEvent(db, 'a1', 'shown', at(DAY2, '11:00:00'), { statistics: 0 });
  await answerEvent(db, 'a1', 'shown', at(DAY2, '11:00:00'), { statistics: null });
  await answerEvent(db, 'a1', 'liked', at(DAY1, '08:01:00'));
  await answerEvent(db, 'a1', 'disliked', at(DAY1, '09:01:00'), {
    reason: 'inaccurate',
    details: 'Wrong rate',
  });
  await answerEvent(db, 'a1', 'disliked', at(DAY2, '09:01:00'), { reason: 'inaccurate' });
  await answerEvent(db, 'a2', 'disliked', at(DAY2, '10:01:00'), { reason: 'irrelevant' });
  await answerEvent(db, 'a2', 'disliked', at(DAY2, '10:02:00'), { statistics: 0 });
  await answerEvent(db, 'a1', 'citation-clicked', at(DAY2, '09:02:00'));
  // Deflection: 5 visits.
  const help = { answer: true, articles: 2 };
  const nothing = { answer: false, articles: 0 };
  await visit(db, at(DAY1, '08:00:00'), 'hub', 'AU', 'payroll', help, false);
  await visit(db, at(DAY1, '09:00:00'), 'hub', 'AU', 'payroll', help, true);
  await visit(db, at(DAY1, '10:00:00'), 'hub', 'NZ', 'tax', nothing, false);
  await visit(
    db,
    at(DAY2, '08:00:00'),
    'book-a-call',
    'AU',
    'invoices',
    { answer: false, articles: 1 },
    false,
  );
  await visit(db, at(DAY2, '09:00:00'), 'hub', 'AU', 'invoices', help, false);
  // Cases: 4 raised, 2 solved, 3 answered.
  await supportCase(db, {
    product: 'payroll',
    queue: 'customer',
    category: 'Pay runs',
    status: 'solved',
    createdAt: at(DAY1, '08:00:00'),
    firstAnswerAt: at(DAY1, '08:30:00'),
    solvedAt: at(DAY1, '12:00:00'),
    rating: 5,
  });
  await supportCase(db, {
    product: 'payroll',
    queue: 'customer',
    category: 'Pay runs',
    status: 'solved',
    createdAt: at(DAY1, '09:00:00'),
    firstAnswerAt: at(DAY1, '11:00:00'),
    solvedAt: at(DAY2, '09:00:00'),
    rating: 2,
  });
  await supportCase(db, {
    product: 'accounting',
    queue: 'partner',
    category: 'Migration',
    status: 'open',
    createdAt: at(DAY2, '08:00:00'),
    firstAnswerAt: at(DAY2, '08:10:00'),
  });
  await supportCase(db, {
    product: 'payroll',
    queue: 'customer',
    category: 'Leave',
    status: 'new',
    createdAt: at(DAY2, '10:00:00'),
  });
}

/** Empties what the figures count, seeds the known events and rolls both days up. */
export async function seedInsight(db: Kysely<Database>) {
  for (const table of [
    'search_click',
    'search_query_log',
    'answer_event',
    'answer_cache',
    'contact_deflection',
    'support_case_message',
    'support_case',
    'analytics_event',
    'kb_article_feedback',
    'community_post',
    'community_discussion',
    'insight_daily',
    'insight_rollup',
    'insight_gap',
    'search_synonym',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db
    .deleteFrom('kb_article')
    .where(
      'id',
      'in',
      ARTICLES.map((entry) => entry.id),
    )
    .execute();
  await staff(db);
  await seed(db);
  await seedContent(db);
  await seedCommunity(db);
  await rollUpDay(db, DAY1, NOW);
  await rollUpDay(db, DAY2, NOW);
}
