import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, HUB, NOW, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard, rollUpDay } from './index.ts';

/* Whole months read from monthly rows, and the long tail of queries cut with totals kept whole. */

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

describeEachDialect('insight aggregates read in bounded rows', (database) => {
  beforeEach(() => seedInsight(database().db));

  it('sums a month into monthly rows equal to its days', async () => {
    const { db } = database();
    const daily = await db
      .selectFrom('insight_daily')
      .select((eb) => [
        'figure',
        'region',
        'product',
        'hub',
        'item',
        eb.fn.sum<number | string>('count').as('count'),
      ])
      .groupBy(['figure', 'region', 'product', 'hub', 'item'])
      .execute();
    const monthly = await db
      .selectFrom('insight_monthly')
      .select(['figure', 'month', 'region', 'product', 'hub', 'item', 'count'])
      .execute();
    expect(monthly.length).toBe(daily.length);
    expect(new Set(monthly.map((row) => row.month))).toEqual(new Set(['2026-11']));
    const key = (row: {
      figure: string;
      region: string;
      product: string;
      hub: string;
      item: string;
    }) => JSON.stringify([row.figure, row.region, row.product, row.hub, row.item]);
    const counts = new Map(daily.map((row) => [key(row), Number(row.count)]));
    for (const row of monthly) expect(Number(row.count)).toBe(counts.get(key(row)));
  });

  it('gives a range of whole months the figures of its days', async () => {
    const { db } = database();
    for (const dashboard of ['search', 'answers', 'deflection', 'cases'] as const) {
      const days = await insightDashboard(db, dashboard, RANGE);
      for (const range of [NOVEMBER, { from: '2026-10-31', to: '2026-11-30' }]) {
        const months = await insightDashboard(db, dashboard, range);
        expect(months.headlines).toEqual(days.headlines);
        expect(months.tables).toEqual(days.tables);
        // Plots by item (not per day) read the month too.
        expect(months.plots.filter((plot) => plot.kind !== 'line')).toEqual(
          days.plots.filter((plot) => plot.kind !== 'line'),
        );
      }
    }
  });

  it('keeps each day’s hundred most searched queries, and every search in the totals', async () => {
    const { db } = database();
    const before = await insightDashboard(db, 'search', RANGE);
    // 130 more queries on day 1 that find nothing, the first ten searched twice.
    const rows = Array.from({ length: 130 }, (_, at) => at).flatMap((at) =>
      Array.from({ length: at < 10 ? 2 : 1 }, (_, time) => ({
        id: `tail-${at}-${time}`,
        search_uid: `tail-${at}-${time}`,
        search_hub: HUB,
        tab: null,
        query_text: `topic ${String(at).padStart(3, '0')}`,
        result_count: 0,
        is_guest: 1,
        user_region: 'AU',
        cause: 'searchboxSubmit',
        visitor_key: null,
        searched_at: `${DAY1}T20:00:00.000Z`,
      })),
    );
    await db.insertInto('search_query_log').values(rows).execute();
    await rollUpDay(db, DAY1, NOW);
    const kept = await db
      .selectFrom('insight_daily')
      .select(['item', 'count'])
      .where('figure', '=', 'search.no-result')
      .where('day', '=', DAY1)
      .where('region', '=', 'AU')
      .where('hub', '=', HUB)
      .execute();
    expect(kept).toHaveLength(100);
    // The twice-searched ones all stay; of the once-searched ones the first in order do.
    const items = kept.map((row) => row.item);
    expect(items).toContain('topic 009');
    expect(items).toContain('topic 010');
    expect(items).not.toContain('topic 129');
    // The list summed over regions and hubs, which the view without those filters reads.
    const overall = await db
      .selectFrom('insight_daily')
      .select('item')
      .where('figure', '=', 'search.no-result-all')
      .where('day', '=', DAY1)
      .execute();
    expect(overall).toHaveLength(100);
    const after = await insightDashboard(db, 'search', RANGE);
    expect(after.headlines[0]).toEqual({ label: 'Searches', value: String(10 + 140) });
    expect(after.headlines[3]).toEqual({
      label: 'With no results',
      value: `${4 + 140} (${((144 / 150) * 100).toFixed(1)}%)`,
    });
    expect(after.plots[0]!.table.rows[0]).toEqual([DAY1, 7 + 140, 3 + 140, 2]);
    expect(before.plots[1]!.table.rows[0]).toEqual(['invoice', 3]);
    expect(after.plots[1]!.table.rows.slice(0, 3)).toEqual([
      ['invoice', 3],
      ['payroll tax', 2],
      ['topic 000', 2],
    ]);
    const australia = await insightDashboard(db, 'search', { ...RANGE, region: 'AU' });
    // Filtered by region, the region's own list: its searches only.
    expect(australia.tables[0]!.rows.slice(0, 2)).toEqual([
      ['topic 000', 2],
      ['topic 001', 2],
    ]);
    expect(australia.tables[0]!.rows).not.toContainEqual(['payroll tax', 2]);
  });
});
