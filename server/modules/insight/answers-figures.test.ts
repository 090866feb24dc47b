import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard } from './index.ts';

/* Every figure of the answers dashboard against the seeded events (insight.fixture.ts). */

describeEachDialect('insight answers figures', (database) => {
  beforeEach(() => seedInsight(database().db));

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
});
