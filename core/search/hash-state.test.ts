import { describe, expect, it } from 'vitest';
import {
  afterChange,
  DEFAULT_SEARCH_STATE,
  initialSearchState,
  isStateFragment,
  MAX_RESULTS_IN_STATE,
  parseSearchFragment,
  sameQuery,
  serializeSearchState,
  toggleFacetValue,
  withDateFacet,
  type SearchHashState,
} from './hash-state.ts';

const FULL: SearchHashState = {
  q: 'bank & rule = 100%, #1',
  facets: { sfcoreproductc: ['Accounting', 'Pay, Roll'], common_contenttype: ['Article'] },
  dateFacet: 'past-7-days',
  sort: 'date',
  numberOfResults: 30,
  tab: 'all_learning',
};

describe('serializeSearchState', () => {
  it('writes the default state as just the query', () => {
    expect(serializeSearchState(DEFAULT_SEARCH_STATE)).toBe('q=');
    expect(serializeSearchState({ ...DEFAULT_SEARCH_STATE, q: 'bank rule' })).toBe('q=bank%20rule');
  });

  it('writes every part, query first and facet fields sorted, values percent-encoded', () => {
    expect(serializeSearchState(FULL)).toBe(
      'q=bank%20%26%20rule%20%3D%20100%25%2C%20%231' +
        '&f[common_contenttype]=Article' +
        '&f[sfcoreproductc]=Accounting,Pay%2C%20Roll' +
        '&df=past-7-days&sortCriteria=date&numberOfResults=30&tab=all_learning',
    );
  });

  it('leaves out empty facet fields, empty and repeated values', () => {
    expect(
      serializeSearchState({
        ...DEFAULT_SEARCH_STATE,
        facets: { sfaudiencec: [], sftopicfirstlevelc: ['', 'x', 'x'] },
      }),
    ).toBe('q=&f[sftopicfirstlevelc]=x');
  });

  it('leaves out facet fields, range ids and tabs the search cannot take', () => {
    expect(
      serializeSearchState({
        ...DEFAULT_SEARCH_STATE,
        facets: { 'bad]field': ['x'], title: ['y'] },
        dateFacet: 'past-7-day',
        tab: 'x y',
      }),
    ).toBe('q=');
  });

  it('rounds the count up to whole pages within the cap', () => {
    const count = (numberOfResults: number) =>
      serializeSearchState({ ...DEFAULT_SEARCH_STATE, numberOfResults });
    expect(count(10)).toBe('q=');
    expect(count(11)).toBe('q=&numberOfResults=20');
    expect(count(0)).toBe('q=');
    expect(count(5000)).toBe(`q=&numberOfResults=${MAX_RESULTS_IN_STATE}`);
  });
});

describe('parseSearchFragment', () => {
  it('round-trips every state', () => {
    const states: SearchHashState[] = [
      DEFAULT_SEARCH_STATE,
      FULL,
      { ...DEFAULT_SEARCH_STATE, q: 'ünïcödé 日本 +plus' },
      { ...DEFAULT_SEARCH_STATE, facets: { sfaudiencec: ['a=b&c'] } },
      { ...DEFAULT_SEARCH_STATE, numberOfResults: 100 },
    ];
    for (const state of states) {
      expect(parseSearchFragment(`#${serializeSearchState(state)}`)).toEqual(state);
      expect(parseSearchFragment(serializeSearchState(state))).toEqual(state);
    }
  });

  it('reads an empty fragment as the default state', () => {
    expect(parseSearchFragment('')).toEqual(DEFAULT_SEARCH_STATE);
    expect(parseSearchFragment('#')).toEqual(DEFAULT_SEARCH_STATE);
  });

  it('keeps a literal plus sign in the query', () => {
    expect(parseSearchFragment('q=a+b').q).toBe('a+b');
  });

  it('skips parts with bad percent-encoding and keeps the rest', () => {
    expect(parseSearchFragment('q=%E0%A4%A&f[sfaudiencec]=x')).toEqual({
      ...DEFAULT_SEARCH_STATE,
      facets: { sfaudiencec: ['x'] },
    });
    expect(parseSearchFragment('q=ok&f[sfaudiencec]=x,%ZZ').facets).toEqual({});
    expect(parseSearchFragment('%ZZ=1&q=ok').q).toBe('ok');
  });

  it('ignores unknown keys, parts without a value and keys without a name', () => {
    expect(parseSearchFragment('main')).toEqual(DEFAULT_SEARCH_STATE);
    expect(parseSearchFragment('q=a&foo=bar&=x&&lone')).toEqual({
      ...DEFAULT_SEARCH_STATE,
      q: 'a',
    });
  });

  it('ignores facet keys that are not facet fields of the search', () => {
    expect(
      parseSearchFragment('f[a b]=x&f[]=y&f[__proto__]=z&f[title]=t&f[sfcoreproductc]=p').facets,
    ).toEqual({ sfcoreproductc: ['p'] });
  });

  it('keeps the last of a repeated key, and an emptied facet removes the field', () => {
    expect(parseSearchFragment('q=a&q=b').q).toBe('b');
    expect(parseSearchFragment('f[sfaudiencec]=x&f[sfaudiencec]=').facets).toEqual({});
    expect(parseSearchFragment('f[sfaudiencec]=x,,x,y').facets).toEqual({
      sfaudiencec: ['x', 'y'],
    });
  });

  it('reads sort, counts, range ids and tabs defensively', () => {
    expect(parseSearchFragment('sortCriteria=date').sort).toBe('date');
    expect(parseSearchFragment('sortCriteria=nonsense').sort).toBe('relevancy');
    expect(parseSearchFragment('numberOfResults=25').numberOfResults).toBe(30);
    expect(parseSearchFragment('numberOfResults=-5').numberOfResults).toBe(10);
    expect(parseSearchFragment('numberOfResults=1e3').numberOfResults).toBe(10);
    expect(parseSearchFragment('numberOfResults=99999').numberOfResults).toBe(10);
    expect(parseSearchFragment('numberOfResults=9999').numberOfResults).toBe(100);
    expect(parseSearchFragment('df=%3Cscript%3E').dateFacet).toBeUndefined();
    expect(parseSearchFragment('df=next-2-weeks').dateFacet).toBe('next-2-weeks');
    expect(parseSearchFragment('df=past-2-week').dateFacet).toBeUndefined();
    expect(parseSearchFragment('tab=a%20b').tab).toBeUndefined();
  });
});

describe('isStateFragment', () => {
  it('tells the skip link target from search state', () => {
    expect(isStateFragment('#main')).toBe(false);
    expect(isStateFragment('')).toBe(false);
    expect(isStateFragment('#q=')).toBe(true);
    expect(isStateFragment('f[sfaudiencec]=b')).toBe(true);
  });
});

describe('initialSearchState', () => {
  it('prefers the fragment', () => {
    expect(initialSearchState('#q=hash', '?q=query').q).toBe('hash');
    expect(initialSearchState('#q=&sortCriteria=date', '?q=query')).toEqual({
      ...DEFAULT_SEARCH_STATE,
      sort: 'date',
    });
  });

  it("falls back to the '?q=' of the form that works without script", () => {
    expect(initialSearchState('', '?q=bank+rule').q).toBe('bank rule');
    expect(initialSearchState('#main', '?q=x').q).toBe('x');
    expect(initialSearchState('', '')).toEqual(DEFAULT_SEARCH_STATE);
  });
});

describe('toggleFacetValue', () => {
  it('adds and removes values, drops emptied fields and goes back to the first page', () => {
    const start = { ...DEFAULT_SEARCH_STATE, numberOfResults: 40 };
    const one = toggleFacetValue(start, 'sfaudiencec', 'x');
    expect(one).toEqual({ ...DEFAULT_SEARCH_STATE, facets: { sfaudiencec: ['x'] } });
    const two = toggleFacetValue(one, 'sfaudiencec', 'y');
    expect(two.facets).toEqual({ sfaudiencec: ['x', 'y'] });
    expect(toggleFacetValue(two, 'sfaudiencec', 'x').facets).toEqual({ sfaudiencec: ['y'] });
    expect(toggleFacetValue(one, 'sfaudiencec', 'x').facets).toEqual({});
  });
});

describe('sameQuery', () => {
  it('ignores only how many results are shown', () => {
    expect(sameQuery(FULL, { ...FULL, numberOfResults: 10 })).toBe(true);
    expect(sameQuery(FULL, { ...FULL, q: 'other' })).toBe(false);
    expect(sameQuery(FULL, { ...FULL, sort: 'relevancy' })).toBe(false);
  });
});

describe('withDateFacet', () => {
  it('sets and clears the range and goes back to the first page', () => {
    const chosen = withDateFacet({ ...DEFAULT_SEARCH_STATE, numberOfResults: 30 }, 'past-1-week');
    expect(chosen).toEqual({ ...DEFAULT_SEARCH_STATE, dateFacet: 'past-1-week' });
    expect(withDateFacet(chosen, undefined)).toEqual(DEFAULT_SEARCH_STATE);
  });
});

describe('searching the words as typed', () => {
  it('round-trips through the fragment, and is off by default', () => {
    const state = parseSearchFragment('#q=invioce&enableDidYouMean=false');
    expect(state.asTyped).toBe(true);
    expect(serializeSearchState(state)).toBe('q=invioce&enableDidYouMean=false');
    expect(parseSearchFragment('#q=invioce').asTyped).toBeUndefined();
    expect(parseSearchFragment('#q=invioce&enableDidYouMean=true').asTyped).toBeUndefined();
  });

  it('ends with a new query, and lasts while the same query is refined', () => {
    const typed = parseSearchFragment('#q=invioce&enableDidYouMean=false');
    expect(afterChange(typed, { ...typed, sort: 'date' }).asTyped).toBe(true);
    expect(afterChange(typed, { ...typed, q: 'invoice' }).asTyped).toBeUndefined();
  });
});
