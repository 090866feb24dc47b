import { describe, expect, it } from 'vitest';
import type { FacetField } from '../search-engine.ts';
import { countFacets, facetValues, facetValuesOf, type FacetGroup } from './facet-counts.ts';

function group(count: number, values: Partial<Record<FacetField, string | null>>): FacetGroup {
  return {
    count,
    values: facetValuesOf({
      common_contenttype: 'Article',
      sfcoreproductc: '[]',
      sfaudiencec: '[]',
      sftopicfirstlevelc: null,
      ...values,
    }),
  };
}

const GROUPS = [
  group(3, {
    sfcoreproductc: '["Accounting","Payroll"]',
    sfaudiencec: '["Accountant"]',
    sftopicfirstlevelc: 'Banking',
  }),
  group(2, {
    sfcoreproductc: '["Payroll"]',
    sfaudiencec: '["Small business"]',
    sftopicfirstlevelc: 'Payroll',
  }),
  group(1, { common_contenttype: 'Discussion', sfcoreproductc: '["Accounting"]' }),
];

describe('facetValues', () => {
  it('reads JSON lists for list fields and plain values otherwise', () => {
    expect(facetValues('sfcoreproductc', '["A","B","A"]')).toEqual(['A', 'B']);
    expect(facetValues('sfcoreproductc', 'not json')).toEqual([]);
    expect(facetValues('sfcoreproductc', '{"a":1}')).toEqual([]);
    expect(facetValues('sftopicfirstlevelc', 'Banking')).toEqual(['Banking']);
    expect(facetValues('sftopicfirstlevelc', null)).toEqual([]);
  });
});

describe('countFacets', () => {
  it('counts every value over all groups without filters', () => {
    const { total, facets } = countFacets(GROUPS, [], ['sfcoreproductc', 'common_contenttype']);
    expect(total).toBe(6);
    expect(facets).toEqual([
      {
        field: 'sfcoreproductc',
        values: [
          { value: 'Payroll', count: 5 },
          { value: 'Accounting', count: 4 },
        ],
      },
      {
        field: 'common_contenttype',
        values: [
          { value: 'Article', count: 5 },
          { value: 'Discussion', count: 1 },
        ],
      },
    ]);
  });

  it('counts each facet under every filter but its own', () => {
    const { total, facets } = countFacets(
      GROUPS,
      [
        { field: 'sfcoreproductc', values: ['Accounting'] },
        { field: 'common_contenttype', values: ['Article'] },
      ],
      ['sfcoreproductc', 'common_contenttype', 'sftopicfirstlevelc'],
    );
    expect(total).toBe(3);
    expect(facets).toEqual([
      {
        field: 'sfcoreproductc',
        values: [
          { value: 'Payroll', count: 5 },
          { value: 'Accounting', count: 3 },
        ],
      },
      {
        field: 'common_contenttype',
        values: [
          { value: 'Article', count: 3 },
          { value: 'Discussion', count: 1 },
        ],
      },
      { field: 'sftopicfirstlevelc', values: [{ value: 'Banking', count: 3 }] },
    ]);
  });

  it('keeps a document having any of a filter’s values, and ignores empty filters', () => {
    expect(
      countFacets(GROUPS, [{ field: 'sfaudiencec', values: ['Accountant', 'Small business'] }], [])
        .total,
    ).toBe(5);
    expect(countFacets(GROUPS, [{ field: 'sfaudiencec', values: [] }], []).total).toBe(6);
  });

  it('returns the groups passing every filter', () => {
    const { passing } = countFacets(GROUPS, [{ field: 'sfcoreproductc', values: ['Payroll'] }], []);
    expect(passing).toEqual([GROUPS[0], GROUPS[1]]);
  });

  it('counts a facet for a group failing only that facet’s filters, even two of them', () => {
    const { total, facets } = countFacets(
      GROUPS,
      [
        { field: 'sftopicfirstlevelc', values: ['Tax'] },
        { field: 'sftopicfirstlevelc', values: ['Payroll'] },
      ],
      ['sftopicfirstlevelc', 'common_contenttype'],
    );
    expect(total).toBe(0);
    expect(facets).toEqual([
      {
        field: 'sftopicfirstlevelc',
        values: [
          { value: 'Banking', count: 3 },
          { value: 'Payroll', count: 2 },
        ],
      },
      { field: 'common_contenttype', values: [] },
    ]);
  });
});
