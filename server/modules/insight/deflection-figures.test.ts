import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard } from './index.ts';

/* Every figure of the deflection dashboard against the seeded events (insight.fixture.ts). */

describeEachDialect('insight deflection figures', (database) => {
  beforeEach(() => seedInsight(database().db));

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
});
