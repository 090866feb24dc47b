import type { Kysely } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '~server/db/schema.ts';
import { builtInIssuer, NO_USER_DATA, saveUser, type UserData } from '~server/modules/identity';
import { storedSynonyms, searchIndexVersion } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { actOnGap, contentGaps, insightDashboard, rollUpDay, rollUpPending } from './index.ts';

/*
 * Every figure of every dashboard against a known set of events on two days (25 and 26
 * November), rolled up by the job's own code, on both databases.
 */

const DAY1 = '2026-11-25';
const DAY2 = '2026-11-26';
const NOW = new Date('2026-11-26T23:00:00.000Z');
const HUB = 'DEMO_GlobalSearch';
const LEARN = 'DEMO_LearningSearch';
const RANGE = { from: DAY1, to: DAY2 };

const people = { owner: '', agent: '', admin: '' };

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

let sequence = 0;
const id = (prefix: string) => `${prefix}-${(sequence += 1)}`;

async function search(
  db: Kysely<Database>,
  at: string,
  query: string,
  results: number,
  options: { hub?: string; region?: string | null; clicks?: number[] } = {},
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
      case_number: sequence,
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

const at = (day: string, time: string) => `${day}T${time}.000Z`;

async function seed(db: Kysely<Database>) {
  // Search: 7 searches on day 1, 3 on day 2.
  await search(db, at(DAY1, '08:00:00'), 'Payroll tax', 0);
  await search(db, at(DAY1, '08:01:00'), 'payroll  TAX', 0, { region: 'NZ' });
  await search(db, at(DAY1, '09:00:00'), 'payrol tax', 0);
  await search(db, at(DAY1, '10:00:00'), 'invoice', 12, { clicks: [0, 2] });
  await search(db, at(DAY1, '10:05:00'), 'invoice', 12);
  await search(db, at(DAY1, '11:00:00'), '', 40);
  await search(db, at(DAY1, '12:00:00'), 'webinar', 3, { hub: LEARN, clicks: [1] });
  await search(db, at(DAY2, '08:00:00'), 'stock take', 0, { region: null });
  await search(db, at(DAY2, '09:00:00'), 'invoice', 5, { clicks: [3] });
  await search(db, at(DAY2, '23:59:59'), 'payroll taxes', 2);
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

describeEachDialect('insight figures', (database) => {
  beforeEach(async () => {
    const { db } = database();
    for (const table of [
      'search_click',
      'search_query_log',
      'answer_event',
      'answer_cache',
      'contact_deflection',
      'support_case_message',
      'support_case',
      'insight_daily',
      'insight_rollup',
      'insight_gap',
      'search_synonym',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    await staff(db);
    await seed(db);
    await rollUpDay(db, DAY1, NOW);
    await rollUpDay(db, DAY2, NOW);
  });

  it('counts the search dashboard exactly', async () => {
    const view = await insightDashboard(database().db, 'search', RANGE);
    expect(view.headlines).toEqual([
      { label: 'Searches', value: '10' },
      { label: 'With no results', value: '4 (40.0%)' },
      { label: 'With results but no click', value: '3 (30.0%)' },
      { label: 'Result clicks', value: '4' },
      { label: 'Average click position', value: '2.5' },
    ]);
    expect(view.plots.map((plot) => plot.table)).toEqual([
      {
        id: 'searches-per-day',
        title: 'Searches per day',
        columns: ['Day', 'Searches', 'No results', 'No click'],
        rows: [
          [DAY1, 7, 3, 2],
          [DAY2, 3, 1, 1],
        ],
      },
      {
        id: 'top-queries',
        title: 'Top queries',
        columns: ['Query', 'Searches'],
        rows: [
          ['invoice', 3],
          ['payroll tax', 2],
          ['payrol tax', 1],
          ['payroll taxes', 1],
          ['stock take', 1],
          ['webinar', 1],
        ],
      },
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['payroll tax', 2],
        ['payrol tax', 1],
        ['stock take', 1],
      ],
      [
        ['invoice', 1],
        ['payroll taxes', 1],
      ],
    ]);
  });

  it('narrows search figures by region and hub and says which filters do not apply', async () => {
    const { db } = database();
    const nz = await insightDashboard(db, 'search', { ...RANGE, region: 'NZ' });
    expect(nz.headlines[0]).toEqual({ label: 'Searches', value: '1' });
    const learning = await insightDashboard(db, 'search', { ...RANGE, hub: LEARN });
    expect(learning.headlines.slice(0, 4).map((line) => line.value)).toEqual([
      '1',
      '0 (0.0%)',
      '0 (0.0%)',
      '1',
    ]);
    const product = await insightDashboard(db, 'search', { ...RANGE, product: 'payroll' });
    expect(product.headlines[0]!.value).toBe('10');
    expect(product.notes).toContain(
      'These events do not record the product, so that filter does not narrow them.',
    );
    const oneDay = await insightDashboard(db, 'search', { from: DAY2, to: DAY2 });
    expect(oneDay.headlines[0]!.value).toBe('3');
  });

  it('groups the content gaps and acts on them', async () => {
    const { db } = database();
    const list = await contentGaps({ db, filters: RANGE });
    expect(
      list.gaps.map(({ key, label, noResult, noClick, queries, status }) => ({
        key,
        label,
        noResult,
        noClick,
        queries,
        status,
      })),
    ).toEqual([
      {
        key: 'payroll tax',
        label: 'payroll tax',
        noResult: 3,
        noClick: 1,
        queries: ['payroll tax', 'payrol tax', 'payroll taxes'],
        status: 'open',
      },
      {
        key: 'invoice',
        label: 'invoice',
        noResult: 0,
        noClick: 1,
        queries: ['invoice'],
        status: 'open',
      },
      {
        key: 'stock take',
        label: 'stock take',
        noResult: 1,
        noClick: 0,
        queries: ['stock take'],
        status: 'open',
      },
    ]);
    const by = { userId: people.admin, at: NOW };
    const version = await searchIndexVersion(db);
    expect(
      await actOnGap(
        db,
        { action: 'synonym', gapKey: 'payroll tax', terms: 'Payroll tax, PAYG' },
        by,
      ),
    ).toEqual({
      ok: true,
      message: 'Synonym added: payroll tax, payg. Searches use it from now on.',
    });
    expect(await storedSynonyms(db)).toEqual(['payroll tax, payg']);
    expect(await searchIndexVersion(db)).toBe(version + 1);
    expect(
      await actOnGap(db, { action: 'synonym', gapKey: 'invoice', terms: 'invoice' }, by),
    ).toEqual({
      ok: false,
      field: 'terms',
      problem: 'Give at least two terms, separated by commas.',
    });
    expect(
      await actOnGap(db, { action: 'assign', gapKey: 'invoice', assigneeId: 'nobody' }, by),
    ).toEqual({
      ok: false,
      field: 'assigneeId',
      problem: 'Choose a member of staff.',
    });
    expect(await actOnGap(db, { action: 'handled', gapKey: 'Not A Key' }, by)).toMatchObject({
      ok: false,
      field: 'gapKey',
    });
    expect(await actOnGap(db, { action: 'handled', gapKey: 'stock take' }, by)).toEqual({
      ok: true,
      message: 'Marked handled: the gap leaves the list.',
    });
    const after = await contentGaps({ db, filters: RANGE });
    expect(after.gaps.map((gap) => gap.key)).toEqual(['invoice']);
    expect(after.handled).toBe(2);
  });

  it('counts the answers dashboard exactly, consented events only', async () => {
    const view = await insightDashboard(database().db, 'answers', RANGE);
    expect(view.headlines).toEqual([
      { label: 'Answers shown', value: '4' },
      { label: 'Answered', value: '75.0%' },
      { label: 'Declined', value: '1 (25.0%)' },
      { label: 'Likes', value: '1' },
      { label: 'Dislikes', value: '3' },
      { label: 'Citation clicks', value: '1' },
    ]);
    expect(view.plots.map((plot) => plot.table.rows)).toEqual([
      [
        [DAY1, 2, 1, 1],
        [DAY2, 2, 0, 2],
      ],
      [
        ['inaccurate', 2],
        ['irrelevant', 1],
      ],
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['Question a1', 'Answer a1', 'Pay runs <https://help.example/pay-runs>', 2, 'Wrong rate'],
        ['Question a2', '', '', 1, ''],
      ],
      [['Pay runs', 'https://help.example/pay-runs', 3]],
    ]);
  });

  it('counts the deflection dashboard exactly', async () => {
    const { db } = database();
    const view = await insightDashboard(db, 'deflection', RANGE);
    expect(view.headlines.map((line) => line.value)).toEqual(['5', '4', '3', '60.0%']);
    expect(view.plots.map((plot) => plot.table.rows)).toEqual([
      [
        [DAY1, 3, 1],
        [DAY2, 2, 2],
      ],
      [
        ['Contact hub', 2],
        ['Booking a call', 1],
      ],
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['Contact hub', 4, 3, 2, '50.0%'],
        ['Booking a call', 1, 1, 1, '100.0%'],
      ],
      [
        ['invoices', 2, 2, 2, '100.0%'],
        ['payroll', 2, 2, 1, '50.0%'],
        ['tax', 1, 0, 0, '0.0%'],
      ],
    ]);
    const au = await insightDashboard(db, 'deflection', { ...RANGE, region: 'AU' });
    expect(au.headlines.map((line) => line.value)).toEqual(['4', '4', '3', '75.0%']);
  });

  it('counts the cases dashboard exactly, medians and 90th percentiles too', async () => {
    const { db } = database();
    const view = await insightDashboard(db, 'cases', RANGE);
    expect(view.headlines).toEqual([
      { label: 'Cases raised', value: '4' },
      { label: 'Cases solved', value: '2' },
      { label: 'First response, median', value: '30 min (90%: 2 h)' },
      { label: 'Resolution, median', value: '4 h (90%: 24 h)' },
      { label: 'Average rating', value: '3.5 of 5 (2 ratings)' },
      { label: 'Open now', value: '2' },
    ]);
    expect(view.plots.map((plot) => plot.table.rows)).toEqual([
      [
        [DAY1, 2, 1],
        [DAY2, 2, 1],
      ],
      [
        ['5 of 5', 1],
        ['4 of 5', 0],
        ['3 of 5', 0],
        ['2 of 5', 1],
        ['1 of 5', 0],
      ],
      [
        ['Customers', 1],
        ['Partners', 1],
      ],
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['Customers', 'Pay runs', 2, 2],
        ['Customers', 'Leave', 1, 0],
        ['Partners', 'Migration', 1, 0],
      ],
      [
        ['Customers', 'Leave', 1],
        ['Partners', 'Migration', 1],
      ],
    ]);
    const payroll = await insightDashboard(db, 'cases', { ...RANGE, product: 'payroll' });
    expect(payroll.headlines.map((line) => line.value)).toEqual([
      '3',
      '2',
      '30 min (90%: 2 h)',
      '4 h (90%: 24 h)',
      '3.5 of 5 (2 ratings)',
      '1',
    ]);
  });

  it('gives the same figures when a day is rolled up again', async () => {
    const { db } = database();
    const before = await db
      .selectFrom('insight_daily')
      .selectAll()
      .orderBy('figure')
      .orderBy('item')
      .execute();
    await rollUpDay(db, DAY1, NOW);
    await rollUpDay(db, DAY2, NOW);
    const after = await db
      .selectFrom('insight_daily')
      .selectAll()
      .orderBy('figure')
      .orderBy('item')
      .execute();
    expect(after.length).toBe(before.length);
    expect(new Set(after.map((row) => JSON.stringify(row)))).toEqual(
      new Set(before.map((row) => JSON.stringify(row))),
    );
  });

  it('deletes raw search and answer events older than the retention, keeping their figures', async () => {
    const { db } = database();
    const later = new Date('2026-11-27T01:00:00.000Z');
    const outcome = await rollUpPending(db, later, { retentionDays: 1 });
    // Day 1's events are before 26 November, the oldest day kept.
    expect(outcome.deleted).toBe(7 + 4);
    expect(await db.selectFrom('search_query_log').select('id').execute()).toHaveLength(3);
    const view = await insightDashboard(db, 'search', RANGE);
    expect(view.headlines[0]!.value).toBe('10');
  });
});
