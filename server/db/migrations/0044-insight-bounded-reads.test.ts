import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { insightBoundedReads } from './0044-insight-bounded-reads.ts';

/* Aggregates rolled up before migration 0044 gain their totals, their monthly rows and the cut. */

describeEachDialect('migration 0044-insight-bounded-reads', (database) => {
  it('adds totals, cuts the query tail and sums the months of existing daily rows', async () => {
    const { db } = database();
    await insightBoundedReads.down!(db);
    const row = (figure: string, day: string, item: string, count: number, amount = 0) => ({
      figure,
      day,
      region: 'AU',
      product: '',
      hub: 'DEMO_GlobalSearch',
      item,
      count,
      amount,
    });
    await db
      .insertInto('insight_daily')
      .values([
        ...['2026-10-05', '2026-10-06'].flatMap((day) => [
          row('search.searches', day, '', 200),
          row('search.no-result', day, '', 2),
          row('search.no-result', day, 'payroll', 3),
          row('search.no-click', day, '', 1),
          row('search.no-click', day, 'invoice', 4),
          row('search.refined', day, 'payrol\tpayroll', 1),
          row('cases.raised', day, 'customer\tLeave', 5),
        ]),
        ...Array.from({ length: 120 }, (_, at) =>
          row('search.query', '2026-10-05', `q${String(at).padStart(3, '0')}`, at < 5 ? 2 : 1),
        ),
      ])
      .execute();
    await insightBoundedReads.up(db);
    const daily = await db
      .selectFrom('insight_daily')
      .select(['figure', 'day', 'item', 'count'])
      .where('day', '=', '2026-10-05')
      .where('figure', 'not in', ['search.query', 'search.query-all'])
      .orderBy('figure')
      .orderBy('item')
      .execute();
    expect(daily.map((entry) => [entry.figure, entry.item, Number(entry.count)])).toEqual([
      ['cases.raised', 'customer\tLeave', 5],
      ['search.no-click', 'invoice', 4],
      ['search.no-click-all', 'invoice', 4],
      ['search.no-click-total', '', 5],
      ['search.no-result', 'payroll', 3],
      ['search.no-result-all', 'payroll', 3],
      ['search.no-result-total', '', 5],
      ['search.refined', 'payrol\tpayroll', 1],
      ['search.refined-all', 'payrol\tpayroll', 1],
      ['search.refined-total', '', 1],
      ['search.searches', '', 200],
    ]);
    const queries = await db
      .selectFrom('insight_daily')
      .select('item')
      .where('figure', '=', 'search.query')
      .orderBy('item')
      .execute();
    expect(queries).toHaveLength(100);
    expect(queries.at(-1)!.item).toBe('q099');
    const overall = await db
      .selectFrom('insight_daily')
      .select(['item', 'region', 'hub'])
      .where('figure', '=', 'search.query-all')
      .execute();
    expect(overall).toHaveLength(100);
    expect(overall.every((entry) => entry.region === '' && entry.hub === '')).toBe(true);
    const monthly = await db
      .selectFrom('insight_monthly')
      .select(['figure', 'month', 'item', 'count'])
      .where('figure', 'in', ['search.no-result-total', 'search.searches', 'cases.raised'])
      .orderBy('figure')
      .execute();
    expect(
      monthly.map((entry) => [entry.figure, entry.month, entry.item, Number(entry.count)]),
    ).toEqual([
      ['cases.raised', '2026-10', 'customer\tLeave', 10],
      ['search.no-result-total', '2026-10', '', 10],
      ['search.searches', '2026-10', '', 400],
    ]);
    expect(
      await db
        .selectFrom('insight_monthly')
        .select('item')
        .where('figure', '=', 'search.query')
        .execute(),
    ).toHaveLength(100);
    expect(await db.selectFrom('insight_month_rollup').select('month').execute()).toEqual([
      { month: '2026-10' },
    ]);
  });
});
