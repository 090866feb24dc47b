import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, NOW, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard, rollUpDay, rollUpPending } from './index.ts';

/* The rollup job: reruns give the same figures; raw events past the retention go, their figures stay. */

describeEachDialect('insight rollup', (database) => {
  beforeEach(() => seedInsight(database().db));

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
    // Day 1's events are before 26 November, the oldest day kept; day 2's and the one after stay.
    expect(outcome.deleted).toBe(7 + 4);
    expect(await db.selectFrom('search_query_log').select('id').execute()).toHaveLength(4);
    const view = await insightDashboard(db, 'search', RANGE);
    expect(view.headlines[0]!.value).toBe('10');
  });
});
