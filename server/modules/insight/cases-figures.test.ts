import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard } from './index.ts';

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
});
