import { describe, expect, it } from 'vitest';
import {
  editDistance,
  groupContentGaps,
  MAX_GROUPED_FORMS,
  normaliseQuery,
  sameButForTypos,
} from './content-gaps.ts';
import { tableCsv } from './csv.ts';
import { dashboardsFor, mayOpenDashboard } from './dashboards.ts';
import { addDays, daysFrom, parseDay, weekOf } from './days.ts';
import { duration, percent, percentile, share } from './figures.ts';
import { filterQuery, parseInsightFilters } from './filters.ts';
import {
  barsGeometry,
  funnelGeometry,
  funnelSummary,
  niceTicks,
  timeSeriesGeometry,
  timeSeriesSummary,
} from './plots.ts';

const choices = { today: '2026-11-26', products: ['Payroll'], hubs: ['DEMO_GlobalSearch'] };
const parse = (query: string) => parseInsightFilters(new URLSearchParams(query), choices);

describe('insight filters', () => {
  it('defaults to the last 30 days up to today', () => {
    expect(parse('')).toEqual({ ok: true, filters: { from: '2026-10-28', to: '2026-11-26' } });
  });

  it('keeps every valid filter', () => {
    expect(
      parse('from=2026-01-01&to=2026-01-31&region=AU&product=Payroll&hub=DEMO_GlobalSearch'),
    ).toEqual({
      ok: true,
      filters: {
        from: '2026-01-01',
        to: '2026-01-31',
        region: 'AU',
        product: 'Payroll',
        hub: 'DEMO_GlobalSearch',
      },
    });
  });

  it('answers a range of a year, leap day included, and refuses a longer one', () => {
    expect(parse('from=2023-11-27&to=2024-11-26').ok).toBe(true);
    const long = parse('from=2023-11-25&to=2024-11-26');
    expect(long).toMatchObject({
      ok: false,
      errors: { from: 'The range is 368 days; choose at most 366.' },
    });
  });

  it('names each bad filter with what was typed', () => {
    expect(parse('from=2026-02-30&to=yesterday&region=XX&product=Nope&hub=other')).toEqual({
      ok: false,
      typed: { from: '2026-02-30', to: 'yesterday', region: 'XX', product: 'Nope', hub: 'other' },
      errors: {
        from: '“2026-02-30” is not a date: use YYYY-MM-DD, for example 2026-11-26.',
        to: '“yesterday” is not a date: use YYYY-MM-DD, for example 2026-11-26.',
        region: '“XX” is not a region: choose one of AU, CA, NZ, US, HK, MY, SG, SA, UK, ROW.',
        product: '“Nope” is not a product of the portal.',
        hub: '“other” is not a search hub of the portal.',
      },
    });
  });

  it('refuses a range whose first day comes after its last', () => {
    expect(parse('from=2026-11-20&to=2026-11-01')).toMatchObject({
      ok: false,
      errors: { from: 'The first day comes after the last day.' },
    });
  });

  it('writes filters back as a query, leaving out the empty ones', () => {
    expect(filterQuery({ from: '2026-01-01', to: '2026-01-02', region: 'NZ' })).toBe(
      '?from=2026-01-01&to=2026-01-02&region=NZ',
    );
    expect(filterQuery({})).toBe('');
  });
});

describe('days', () => {
  it('accepts only real calendar days', () => {
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('2026-02-29')).toBeUndefined();
    expect(parseDay('2026-1-01')).toBeUndefined();
  });

  it('counts days across months and weeks from Monday', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekOf('2026-11-26')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
  });
});

describe('figures', () => {
  it('takes the nearest-rank percentile', () => {
    expect(percentile([], 0.5)).toBeUndefined();
    expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(percentile([7], 0.9)).toBe(7);
  });

  it('reads shares and durations', () => {
    expect(share(1, 0)).toBe(0);
    expect(percent(share(2, 3))).toBe('66.7%');
    expect(duration(45)).toBe('45 min');
    expect(duration(200)).toBe('3 h 20 min');
    expect(duration(120)).toBe('2 h');
    expect(duration(60 * 52)).toBe('2 d 4 h');
    expect(duration(60 * 72)).toBe('3 d');
  });
});

describe('content gaps', () => {
  it('sets case, accents, punctuation and plurals aside', () => {
    expect(normaliseQuery('  Crédit NOTES, for Companies! ')).toBe('credit note for company');
    expect(normaliseQuery('boxes taxes access status')).toBe('box tax access status');
    expect(normaliseQuery('1099s gst')).toBe('1099s gst');
    expect(normaliseQuery('?!')).toBe('');
  });

  it('counts typos as edits, a swap of neighbours as one', () => {
    expect(editDistance('payroll', 'payrol', 1)).toBe(1);
    expect(editDistance('invoice', 'invocie', 1)).toBe(1);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
    expect(sameButForTypos('depreciation schedule', 'depreciaton schedul')).toBe(true);
    expect(sameButForTypos('tax', 'tab')).toBe(false);
    expect(sameButForTypos('bank feed', 'bank')).toBe(false);
  });

  it('groups forms of one need under the most searched, with their counts', () => {
    const gaps = groupContentGaps([
      { query: 'Payroll tax', noResult: 2, noClick: 0 },
      { query: 'payrol tax', noResult: 1, noClick: 1 },
      { query: 'payroll taxes', noResult: 0, noClick: 3 },
      { query: 'stock take', noResult: 1, noClick: 0 },
      { query: '  ', noResult: 9, noClick: 0 },
    ]);
    expect(gaps).toEqual([
      {
        key: 'payroll tax',
        label: 'payroll taxes',
        noResult: 3,
        noClick: 4,
        queries: ['payroll taxes', 'payrol tax', 'Payroll tax'],
      },
      { key: 'stock take', label: 'stock take', noResult: 1, noClick: 0, queries: ['stock take'] },
    ]);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and disarms formulas', () => {
    const csv = tableCsv({
      id: 't',
      title: 'T',
      columns: ['Query', 'Searches'],
      rows: [
        ['say "hi", then', 3],
        ['=SUM(A1)', -1],
      ],
    });
    expect(csv).toBe('Query,Searches\r\n"say ""hi"", then",3\r\n\'=SUM(A1),-1\r\n');
  });
});

describe('dashboards by role', () => {
  it('gives administrators every dashboard and agents theirs', () => {
    expect(dashboardsFor({ canViewSetup: true, isAgent: false })).toEqual([
      'search',
      'answers',
      'deflection',
      'cases',
      'content',
      'community',
      'partners',
    ]);
    expect(dashboardsFor({ canViewSetup: false, isAgent: true })).toEqual([
      'search',
      'answers',
      'deflection',
      'cases',
    ]);
    expect(dashboardsFor({ canViewSetup: false, isAgent: false })).toEqual([]);
    expect(mayOpenDashboard({ canViewSetup: false, isAgent: false }, 'search')).toBe(false);
    expect(mayOpenDashboard({ canViewSetup: false, isAgent: true }, 'content')).toBe(false);
    expect(mayOpenDashboard({ canViewSetup: true, isAgent: true }, 'content')).toBe(true);
  });
});

describe('plots', () => {
  it('picks round axis steps', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(120)).toEqual([0, 50, 100, 150]);
  });

  it('draws a series across the plot area, the highest point at the top tick', () => {
    const plot = timeSeriesGeometry(
      ['2026-11-01', '2026-11-02', '2026-11-03'],
      [{ name: 'Searches', values: [0, 4, 8] }],
    );
    const [line] = plot.lines;
    expect(line!.points[0]).toEqual({ x: plot.area.left, y: plot.area.bottom });
    expect(line!.points[2]).toEqual({ x: plot.area.right, y: plot.area.top });
    expect(line!.path.startsWith('M48.0 212.0 L')).toBe(true);
    expect(plot.yTicks.map((tick) => tick.text)).toEqual(['0', '2', '4', '6', '8']);
  });

  it('sizes bars by value and centres funnel steps', () => {
    const bars = barsGeometry([
      { label: 'a', value: 10 },
      { label: 'b', value: 5 },
    ]);
    expect(bars.bars[1]!.length).toBe(bars.bars[0]!.length / 2);
    const funnel = funnelGeometry([
      { label: 'a', value: 10 },
      { label: 'b', value: 5 },
    ]);
    expect(funnel.bars[1]!.x - funnel.bars[0]!.x).toBe(funnel.bars[1]!.length / 2);
  });

  it('says in words what the plot shows', () => {
    expect(
      timeSeriesSummary(
        'Searches per day',
        ['2026-11-01', '2026-11-02'],
        [
          { name: 'Searches', values: [1, 3] },
          { name: 'No results', values: [0, 0] },
        ],
      ),
    ).toBe(
      'Searches per day, 2026-11-01 to 2026-11-02. Searches: 4 in all, most on 2026-11-02 (3); No results: none.',
    );
    expect(
      funnelSummary('Onboarding', [
        { label: 'Started', value: 4 },
        { label: 'Done', value: 1 },
      ]),
    ).toBe('Onboarding: Started 4 (100%), then Done 1 (25%).');
  });
});

describe('content gaps at volume', () => {
  it('keeps numbers apart and groups thousands of forms quickly', () => {
    expect(sameButForTypos('form 1099', 'form 1098')).toBe(false);
    const queries = Array.from({ length: 20_000 }, (_, at) => ({
      query: `query ${at}`,
      noResult: 1 + (at % 7),
      noClick: 0,
    }));
    const started = performance.now();
    const gaps = groupContentGaps(queries);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(gaps).toHaveLength(MAX_GROUPED_FORMS);
  });
});
