import { describe, expect, it } from 'vitest';
import {
  findRefinements,
  mostRefinedQueries,
  REFINEMENT_WINDOW_MINUTES,
  type VisitorSearch,
} from './refinements.ts';

const search = (
  visitor: string,
  time: string,
  query: string,
  more: Partial<VisitorSearch> = {},
): VisitorSearch => ({
  visitor,
  hub: 'hub',
  region: 'AU',
  query,
  at: `2026-11-25T${time}.000Z`,
  clicked: false,
  ...more,
});

const pairs = (searches: VisitorSearch[], window?: number) =>
  findRefinements(searches, window).map(
    ({ original, refinedTo }) => `${original.query} → ${refinedTo.query}`,
  );

describe('refined queries', () => {
  it('counts the next search of the same visitor within 10 minutes for another query', () => {
    expect(REFINEMENT_WINDOW_MINUTES).toBe(10);
    expect(
      pairs([
        search('v1', '08:00:00', 'payrol'),
        search('v1', '08:10:00', 'payroll tax'),
        search('v1', '08:20:01', 'invoice'),
        search('v2', '08:01:00', 'stock'),
      ]),
    ).toEqual(['payrol → payroll tax']);
  });

  it('reads the searches in time order whatever order they come in', () => {
    expect(pairs([search('v1', '08:05:00', 'second'), search('v1', '08:00:00', 'first')])).toEqual([
      'first → second',
    ]);
  });

  it('does not count a search that had a click, or one followed in another hub', () => {
    expect(
      pairs([
        search('v1', '08:00:00', 'invoice', { clicked: true }),
        search('v1', '08:01:00', 'invoices due'),
        search('v1', '08:02:00', 'leave', { hub: 'learning' }),
      ]),
    ).toEqual([]);
  });

  it('does not count the same query in its normal form, nor empty queries', () => {
    expect(
      pairs([
        search('v1', '08:00:00', 'Payroll Taxes'),
        search('v1', '08:01:00', 'payroll tax'),
        search('v1', '08:02:00', ''),
        search('v1', '08:03:00', 'leave'),
        search('v1', '08:04:00', 'Leave!'),
        search('v1', '08:05:00', 'annual leave'),
      ]),
    ).toEqual(['Leave! → annual leave']);
  });

  it('counts a search refined once, by the search that came next, and takes another window', () => {
    const searches = [
      search('v1', '08:00:00', 'a'),
      search('v1', '08:03:00', 'b'),
      search('v1', '08:05:00', 'c'),
    ];
    expect(pairs(searches)).toEqual(['a → b', 'b → c']);
    expect(pairs(searches, 2)).toEqual(['b → c']);
  });

  it('lists the most refined queries with what they were most often changed to', () => {
    expect(
      mostRefinedQueries([
        { query: 'payrol', refinedTo: 'payroll', count: 2 },
        { query: 'payrol', refinedTo: 'payroll tax', count: 1 },
        { query: 'invoice', refinedTo: 'invoices', count: 1 },
        { query: 'invoice', refinedTo: 'invoice due', count: 1 },
        { query: 'payrol', refinedTo: 'payroll tax', count: 2 },
        { query: 'bas', refinedTo: 'bas lodgement', count: 2 },
      ]),
    ).toEqual([
      { query: 'payrol', refinements: 5, topRefinement: 'payroll tax', topRefinementCount: 3 },
      { query: 'bas', refinements: 2, topRefinement: 'bas lodgement', topRefinementCount: 2 },
      { query: 'invoice', refinements: 2, topRefinement: 'invoice due', topRefinementCount: 1 },
    ]);
  });
});
