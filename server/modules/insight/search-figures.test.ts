import { beforeEach, expect, it } from 'vitest';
import { storedSynonyms, searchIndexVersion } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { DAY1, DAY2, LEARN, NOW, people, RANGE, seedInsight } from './insight.fixture.ts';
import { actOnGap, contentGaps, insightDashboard } from './index.ts';
import { SEARCH_VISITORS_NOTE } from './search-dashboard.ts';

/* Every figure of the search dashboard and its content gaps against the seeded events (insight.fixture.ts). */

describeEachDialect('insight search figures', (database) => {
  beforeEach(() => seedInsight(database().db));

  it('counts the search dashboard exactly', async () => {
    const view = await insightDashboard(database().db, 'search', RANGE);
    expect(view.headlines).toEqual([
      { label: 'Searches', value: '10' },
      // a, c and d on day 1; e twice on day 2 (in two regions) and f: 9 searches with one.
      { label: 'Visitors who searched', value: '6' },
      { label: 'Searches per visitor', value: '1.5' },
      { label: 'With no results', value: '4 (40.0%)' },
      { label: 'With results but no click', value: '3 (30.0%)' },
      { label: 'Result clicks', value: '4' },
      { label: 'Average click position', value: '2.5' },
      { label: 'Refined queries', value: '3 (33.3%)' },
    ]);
    expect(view.plots.map((plot) => plot.table)).toEqual([
      {
        id: 'searches-per-day',
        title: 'Searches per day',
        columns: ['Day', 'Searches', 'No results', 'No click'],
        rows: [
          [DAY1, 7, 3, 2],
          [DAY2, 3, 1, 1],
        ],
      },
      {
        id: 'top-queries',
        title: 'Top queries',
        columns: ['Query', 'Searches'],
        rows: [
          ['invoice', 3],
          ['payroll tax', 2],
          ['payrol tax', 1],
          ['payroll taxes', 1],
          ['stock take', 1],
          ['webinar', 1],
        ],
      },
      {
        id: 'visitors-per-day',
        title: 'Visitors and refined queries per day',
        columns: ['Day', 'Visitors', 'Refined queries'],
        rows: [
          [DAY1, 3, 1],
          [DAY2, 3, 2],
        ],
      },
    ]);
    expect(view.tables.map((table) => table.rows)).toEqual([
      [
        ['payroll tax', 2],
        ['payrol tax', 1],
        ['stock take', 1],
      ],
      [
        ['invoice', 1],
        ['payroll taxes', 1],
      ],
      [
        ['payrol tax', 1, 'payroll tax', 1],
        ['payroll taxes', 1, 'payroll tax rates', 1],
        ['stock take', 1, 'invoice', 1],
      ],
    ]);
    expect(view.tables[2]!.columns).toEqual(['Query', 'Refined', 'Most often changed to', 'Times']);
    expect(view.notes).toContain(SEARCH_VISITORS_NOTE);
  });

  it('narrows search figures by region and hub and says which filters do not apply', async () => {
    const { db } = database();
    const nz = await insightDashboard(db, 'search', { ...RANGE, region: 'NZ' });
    // The one NZ search has no pseudonym.
    expect(nz.headlines.map((line) => line.value)).toEqual([
      '1',
      '0',
      '–',
      '1 (100.0%)',
      '0 (0.0%)',
      '0',
      '–',
      '0 (0.0%)',
    ]);
    const learning = await insightDashboard(db, 'search', { ...RANGE, hub: LEARN });
    expect(learning.headlines.map((line) => line.value)).toEqual([
      '1',
      '1',
      '1.0',
      '0 (0.0%)',
      '0 (0.0%)',
      '1',
      '2.0',
      '0 (0.0%)',
    ]);
    const product = await insightDashboard(db, 'search', { ...RANGE, product: 'payroll' });
    expect(product.headlines[0]!.value).toBe('10');
    expect(product.notes).toContain(
      'These events do not record the product, so that filter does not narrow them.',
    );
    const oneDay = await insightDashboard(db, 'search', { from: DAY2, to: DAY2 });
    expect(oneDay.headlines.slice(0, 3).map((line) => line.value)).toEqual(['3', '3', '1.0']);
    expect(oneDay.headlines.at(-1)!.value).toBe('2 (66.7%)');
  });

  it('groups the content gaps and acts on them', async () => {
    const { db } = database();
    const list = await contentGaps({ db, filters: RANGE });
    expect(
      list.gaps.map(({ key, label, noResult, noClick, queries, status }) => ({
        key,
        label,
        noResult,
        noClick,
        queries,
        status,
      })),
    ).toEqual([
      {
        key: 'payroll tax',
        label: 'payroll tax',
        noResult: 3,
        noClick: 1,
        queries: ['payroll tax', 'payrol tax', 'payroll taxes'],
        status: 'open',
      },
      {
        key: 'invoice',
        label: 'invoice',
        noResult: 0,
        noClick: 1,
        queries: ['invoice'],
        status: 'open',
      },
      {
        key: 'stock take',
        label: 'stock take',
        noResult: 1,
        noClick: 0,
        queries: ['stock take'],
        status: 'open',
      },
    ]);
    const by = { userId: people.admin, at: NOW };
    const version = await searchIndexVersion(db);
    expect(
      await actOnGap(
        db,
        { action: 'synonym', gapKey: 'payroll tax', terms: 'Payroll tax, PAYG' },
        by,
      ),
    ).toEqual({
      ok: true,
      message: 'Synonym added: payroll tax, payg. Searches use it from now on.',
    });
    expect(await storedSynonyms(db)).toEqual(['payroll tax, payg']);
    expect(await searchIndexVersion(db)).toBe(version + 1);
    expect(
      await actOnGap(db, { action: 'synonym', gapKey: 'invoice', terms: 'invoice' }, by),
    ).toEqual({
      ok: false,
      field: 'terms',
      problem: 'Give at least two terms, separated by commas.',
    });
    expect(
      await actOnGap(db, { action: 'assign', gapKey: 'invoice', assigneeId: 'nobody' }, by),
    ).toEqual({
      ok: false,
      field: 'assigneeId',
      problem: 'Choose a member of staff.',
    });
    expect(await actOnGap(db, { action: 'handled', gapKey: 'Not A Key' }, by)).toMatchObject({
      ok: false,
      field: 'gapKey',
    });
    expect(await actOnGap(db, { action: 'handled', gapKey: 'stock take' }, by)).toEqual({
      ok: true,
      message: 'Marked handled: the gap leaves the list.',
    });
    const after = await contentGaps({ db, filters: RANGE });
    expect(after.gaps.map((gap) => gap.key)).toEqual(['invoice']);
    expect(after.handled).toBe(2);
  });
});
