import type { Kysely } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '~server/db/schema.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { at, DAY1, DAY2, id, NOW, RANGE } from './insight-days.fixture.ts';
import { insightDashboard, rollUpDay } from './index.ts';

/* Every figure of the partner programme dashboard against a known programme, on both databases. */

const MEMBERS = ['p-1', 'p-2', 'p-3'] as const;
/** The onboarding steps' events (migration 0019) each member has: p-1 all five, p-2 two. */
const EVENTS: Record<(typeof MEMBERS)[number], string[]> = {
  'p-1': [
    'programme-joined',
    'personalise-finished',
    'certification-passed',
    'update-account-finished',
    'client-subscription-added',
  ],
  'p-2': ['programme-joined', 'certification-passed'],
  'p-3': [],
};

async function seedProgramme(db: Kysely<Database>) {
  for (const table of [
    'partner_challenge_entry',
    'partner_challenge',
    'partner_points_entry',
    'partner_event',
    'partner_member',
    'practice',
    'insight_daily',
  ] as const)
    await db.deleteFrom(table).execute();
  for (const [index, user] of MEMBERS.entries()) {
    await db
      .insertInto('partner_member')
      .values({
        user_id: user,
        tier: ['gold', 'starter', 'starter'][index]!,
        tier_acknowledged: 1,
        points_balance: 0,
        tier_points: 0,
        update_account_flow_screen: null,
        joined_at: at(DAY1, '08:00:00'),
        updated_at: at(DAY1, '08:00:00'),
      })
      .execute();
    for (const kind of EVENTS[user])
      await db
        .insertInto('partner_event')
        .values({
          id: id('pe'),
          user_id: user,
          kind,
          source_event: id('source'),
          subject: null,
          occurred_at: at(DAY1, '09:00:00'),
        })
        .execute();
  }
  const ledger: [string, string, number, string][] = [
    ['p-1', 'earned', 500, at(DAY1, '10:00:00')],
    ['p-2', 'earned', 200, at(DAY2, '10:00:00')],
    ['p-1', 'redeemed', -300, at(DAY2, '11:00:00')],
    ['p-2', 'expired', -50, at(DAY2, '12:00:00')],
    ['p-3', 'adjusted', -20, at(DAY2, '13:00:00')],
    // The day before the range: not counted.
    ['p-3', 'earned', 999, at('2026-11-24', '10:00:00')],
  ];
  for (const [user, kind, points, when] of ledger)
    await db
      .insertInto('partner_points_entry')
      .values({
        id: id('pp'),
        user_id: user,
        kind: kind as 'earned',
        points,
        reason: 'Seeded',
        source_event: id('source'),
        occurred_at: when,
        expires_at: null,
        recorded_by: null,
      })
      .execute();
  for (const [challenge, name] of [
    ['c-1', 'Ten clients'],
    ['c-2', 'Certify twice'],
  ] as const)
    await db
      .insertInto('partner_challenge')
      .values({
        id: challenge,
        name,
        description: name,
        goal_kind: 'client-subscription-added',
        goal_count: 10,
        points: 100,
        starts_on: DAY1,
        ends_on: '2026-12-31',
        created_at: at(DAY1, '07:00:00'),
      })
      .execute();
  const entries: [string, string, string, string | null][] = [
    ['c-1', 'p-1', at(DAY1, '12:00:00'), at(DAY2, '09:00:00')],
    ['c-1', 'p-2', at(DAY2, '12:00:00'), null],
    ['c-2', 'p-3', at(DAY1, '12:00:00'), null],
  ];
  for (const [challenge, user, joined, completed] of entries)
    await db
      .insertInto('partner_challenge_entry')
      .values({
        challenge_id: challenge,
        user_id: user,
        joined_at: joined,
        on_leaderboard: 1,
        completed_at: completed,
      })
      .execute();
  for (const [index, [market, tier]] of [
    ['AU', 'starter'],
    ['AU', 'gold'],
    ['UK', 'starter'],
  ].entries())
    await db
      .insertInto('practice')
      .values({
        id: `practice-${index}`,
        slug: `practice-${index}`,
        name: `Practice ${index}`,
        market: market!,
        registration_number: `REG-${index}`,
        address: '1 Main Street',
        city: 'Town',
        postcode: '2000',
        services: '[]',
        tier: tier!,
        created_by: 'p-1',
        request_key: `key-${index}`,
        created_at: at(DAY1, '06:00:00'),
      })
      .execute();
  for (const day of ['2026-11-24', DAY1, DAY2]) await rollUpDay(db, day, NOW);
}

describeEachDialect('insight partner programme figures', (database) => {
  beforeEach(() => seedProgramme(database().db));

  it('counts practices, points, onboarding and challenges exactly', async () => {
    const view = await insightDashboard(database().db, 'partners', RANGE);
    expect(view.headlines).toEqual([
      { label: 'Practices', value: '3' },
      { label: 'Points earned', value: '700' },
      { label: 'Points redeemed', value: '300' },
      { label: 'Onboarding finished', value: '1 of 3 (33.3%)' },
      { label: 'Challenges completed', value: '1 of 3 joined' },
    ]);
    expect(view.plots.map((plot) => plot.table.rows)).toEqual([
      [
        ['Starter', 2],
        ['Gold', 1],
      ],
      [
        [DAY1, 500, 0, 0],
        [DAY2, 200, 300, 50],
      ],
      [
        ['Joined the programme', 3],
        ['Welcome to the partner programme', 2],
        ['Set up your practice profile', 1],
        ['Get partner certified', 1],
        ['Update your practice account', 1],
        ['Add your first client', 1],
      ],
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['Ten clients', 2, 1],
        ['Certify twice', 1, 0],
      ],
      [
        ['Starter', 2],
        ['Gold', 1],
      ],
      [[-20]],
    ]);
  });

  it('narrows practices by region and the dated figures by the range', async () => {
    const view = await insightDashboard(database().db, 'partners', {
      from: DAY2,
      to: DAY2,
      region: 'UK',
    });
    expect(view.headlines.map((line) => line.value)).toEqual([
      '1',
      '200',
      '300',
      '1 of 3 (33.3%)',
      '1 of 1 joined',
    ]);
    expect(view.plots[0]!.table.rows).toEqual([['Starter', 1]]);
    expect(view.tables[0]!.rows).toEqual([['Ten clients', 1, 1]]);
  });
});
