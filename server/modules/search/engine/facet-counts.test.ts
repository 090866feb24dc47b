import { describe, expect, it } from 'vitest';
import { countFacets, facetValues, type FacetGroup } from './facet-counts.ts';

function group(count: number, values: Partial<FacetGroup['values']>): FacetGroup {
  return {
    count,
    values: {
      common_contenttype: 'Article',
      sfcoreproductc: '[]',
      sfaudiencec: '[]',
      sftopicfirstlevelc: null,
      ...values,
    },
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
});
