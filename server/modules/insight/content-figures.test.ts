import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, NOW, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard } from './index.ts';

/* Every figure of the content dashboard against the seeded events (insight.fixture.ts). */

const SETTINGS = { staleAfterDays: 365, now: NOW };

describeEachDialect('insight content figures', (database) => {
  beforeEach(() => seedInsight(database().db));

  it('counts views, votes and views followed by a case within 30 minutes exactly', async () => {
    const view = await insightDashboard(database().db, 'content', RANGE, SETTINGS);
    expect(view.headlines).toEqual([
      { label: 'Content views', value: '9' },
      { label: 'Helpful votes', value: '3' },
      { label: 'Not helpful votes', value: '3' },
      { label: 'Found helpful', value: '50.0%' },
      { label: 'Views followed by a case within 30 minutes', value: '4' },
    ]);
    expect(view.plots.map((plot) => plot.table.rows)).toEqual([
      [
        [DAY1, 3, 2],
        [DAY2, 6, 2],
      ],
      [
        ['Pay runs', 4],
        ['Tax rates', 3],
        ['Invoices', 1],
        ['Removed content gone-1', 1],
      ],
      [
        ['Helpful', 3],
        ['Not helpful', 3],
      ],
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['Pay runs', 'Article', 4, 1, 2, '2024-01-10'],
        ['Tax rates', 'Article', 3, 0, 1, '2025-06-01'],
        ['Invoices', 'Article', 1, 2, 0, '2026-10-01'],
        ['Removed content gone-1', '', 1, 0, 0, ''],
      ],
      [
        ['Pay runs', 'Article', 4, '2024-01-10'],
        ['Tax rates', 'Article', 3, '2025-06-01'],
      ],
      [
        ['Pay runs', 2, 1],
        ['Tax rates', 1, 0],
      ],
      [
        ['Pay runs', 2, 4, '50.0%'],
        ['Tax rates', 2, 3, '66.7%'],
      ],
    ]);
  });

  it('lists as stale only content last updated longer ago than the setting', async () => {
    const view = await insightDashboard(database().db, 'content', RANGE, {
      staleAfterDays: 600,
      now: NOW,
    });
    const stale = view.tables.find((table) => table.id === 'stale');
    expect(stale?.title).toBe('Viewed often, not updated for 600 days');
    expect(stale?.rows).toEqual([['Pay runs', 'Article', 4, '2024-01-10']]);
  });

  it('counts one day on its own, and says region, product and hub do not narrow it', async () => {
    const { db } = database();
    const day2 = await insightDashboard(
      db,
      'content',
      { from: DAY2, to: DAY2, region: 'AU', product: 'payroll' },
      SETTINGS,
    );
    expect(day2.headlines.map((line) => line.value)).toEqual(['6', '2', '2', '50.0%', '2']);
    expect(day2.notes.at(-1)).toBe(
      'These events do not record the region or product, so that filter does not narrow them.',
    );
  });
});
