import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY3 } from './insight-days.fixture.ts';
import { DAY1, DAY2, NOW, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard, rollUpDay } from './index.ts';

/* Every figure of the cases dashboard against the seeded events (insight.fixture.ts). */

describeEachDialect('insight cases figures', (database) => {
  beforeEach(() => seedInsight(database().db));

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
      // At the end of day 1 the second pay-run case (solved on day 2); at the end of day 2 the
      // Leave and Migration cases raised that day.
      [
        [DAY1, 1, 1, 0],
        [DAY2, 2, 1, 1],
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
    expect(view.plots[1]!.table.columns).toEqual(['Day', 'All queues', 'Customers', 'Partners']);
    const payroll = await insightDashboard(db, 'cases', { ...RANGE, product: 'payroll' });
    expect(payroll.headlines.map((line) => line.value)).toEqual([
      '3',
      '2',
      '30 min (90%: 2 h)',
      '4 h (90%: 24 h)',
      '3.5 of 5 (2 ratings)',
      '1',
    ]);
    expect(payroll.plots[1]!.table).toMatchObject({
      columns: ['Day', 'All queues', 'Customers'],
      rows: [
        [DAY1, 1, 1],
        [DAY2, 1, 1],
      ],
    });
  });

  it('counts a case open until it is solved or closed, and not before it is raised', async () => {
    const { db } = database();
    const row = await db
      .selectFrom('support_case')
      .selectAll()
      .where('category_name', '=', 'Leave')
      .executeTakeFirstOrThrow();
    // A duplicate raised on day 1 and merged (closed without solving) at the start of day 2,
    // and a case raised on day 3, after the range.
    await db
      .insertInto('support_case')
      .values([
        {
          ...row,
          id: 'case-merged',
          case_number: 990001,
          status: 'closed',
          created_at: `${DAY1}T07:00:00.000Z`,
          closed_at: `${DAY2}T00:00:00.000Z`,
          merged_into: row.id,
        },
        { ...row, id: 'case-later', case_number: 990002, created_at: `${DAY3}T01:00:00.000Z` },
      ])
      .execute();
    await rollUpDay(db, DAY1, NOW);
    await rollUpDay(db, DAY2, NOW);
    const view = await insightDashboard(db, 'cases', RANGE);
    expect(view.plots[1]!.table.rows).toEqual([
      [DAY1, 2, 2, 0],
      [DAY2, 2, 1, 1],
    ]);
  });
});
