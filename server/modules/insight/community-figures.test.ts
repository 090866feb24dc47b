import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, RANGE, seedInsight } from './insight.fixture.ts';
import { insightDashboard } from './index.ts';

/* Every figure of the community dashboard against the seeded posts (insight.fixture.ts). */

// Questions asked up to 25 November 10:30 have had their 48 hours.
const SETTINGS = { staleAfterDays: 365, now: new Date('2026-11-27T10:30:00.000Z') };

describeEachDialect('insight community figures', (database) => {
  beforeEach(() => seedInsight(database().db));

  it('counts questions, unanswered ones, first answers, best answers and members exactly', async () => {
    const view = await insightDashboard(database().db, 'community', RANGE, SETTINGS);
    expect(view.headlines).toEqual([
      { label: 'Questions asked', value: '5' },
      { label: 'Without an answer after 48 hours', value: '1 of 3 (33.3%)' },
      { label: 'Time to first answer, median', value: '1 h 30 min (90%: 25 h)' },
      { label: 'With a best answer', value: '1 of 5 (20.0%)' },
    ]);
    expect(view.plots.map((plot) => plot.table.rows)).toEqual([
      [
        [DAY1, 4],
        [DAY2, 1],
      ],
      [
        ['Alex Tester', 4],
        ['Owner Tester', 3],
        ['Admin Tester', 2],
      ],
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [['Q5', 'accounting', '2026-11-25 07:00', 'None yet']],
      [
        ['Alex Tester', 4],
        ['Owner Tester', 3],
        ['Admin Tester', 2],
      ],
    ]);
  });

  it('narrows every figure by product', async () => {
    const view = await insightDashboard(
      database().db,
      'community',
      { ...RANGE, product: 'payroll' },
      SETTINGS,
    );
    expect(view.headlines.map((line) => line.value)).toEqual([
      '3',
      '0 of 1 (0.0%)',
      '1 h 30 min (90%: 1 h 30 min)',
      '1 of 3 (33.3%)',
    ]);
    expect(view.tables[1]!.rows).toEqual([
      ['Alex Tester', 3],
      ['Owner Tester', 2],
      ['Admin Tester', 1],
    ]);
  });
});
