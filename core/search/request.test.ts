import { describe, expect, it } from 'vitest';
import { DEFAULT_NUMBER_OF_RESULTS, MAX_TYPED_QUERY_LENGTH } from './request-fields.ts';
import {
  clickRequestSchema,
  searchRequestSchema,
  suggestionsRequestSchema,
  viewRequestSchema,
} from './request.ts';

describe('searchRequestSchema', () => {
  it('fills in spec 9 defaults: 10 results from the first, by relevancy, folded, corrected', () => {
    expect(searchRequestSchema.parse({ searchHub: 'LL_GlobalSearch' })).toEqual({
      searchHub: 'LL_GlobalSearch',
      q: '',
      sortCriteria: 'relevancy',
      firstResult: 0,
      numberOfResults: DEFAULT_NUMBER_OF_RESULTS,
      folding: true,
      enableDidYouMean: true,
    });
    expect(DEFAULT_NUMBER_OF_RESULTS).toBe(10);
  });

  it('accepts up to 100 results, known facet fields and relative date range ids', () => {
    const parsed = searchRequestSchema.parse({
      searchHub: 'LL_LearningSearch',
      q: '  bank  ',
      numberOfResults: 100,
      facets: { sfcoreproductc: ['Ledgerleaf Payroll'] },
      dateFacet: 'next-2-weeks',
      sortCriteria: 'date descending',
    });
    expect(parsed).toMatchObject({ q: 'bank', numberOfResults: 100, dateFacet: 'next-2-weeks' });
  });

  it.each([
    [{ numberOfResults: 101 }, 'numberOfResults'],
    [{ firstResult: -1 }, 'firstResult'],
    [{ facets: { sfurlname: ['x'] } }, 'sfurlname'],
    [{ dateFacet: 'past-2-day' }, 'dateFacet'],
    [{ dateFacet: 'past-hour' }, 'dateFacet'],
    [{ sortCriteria: 'date ascending' }, 'sortCriteria'],
    [{ searchHub: '' }, 'searchHub'],
    [{ q: 'x'.repeat(MAX_TYPED_QUERY_LENGTH + 1) }, 'q'],
    [
      {
        analytics: {
          metadata: Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`k${n}`, 'v'])),
        },
      },
      'metadata',
    ],
  ])('refuses %j, naming %s', (body, field) => {
    const parsed = searchRequestSchema.safeParse({ searchHub: 'LL_GlobalSearch', ...body });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues[0]?.path)).toContain(field);
  });
});

describe('the analytics a search is run with', () => {
  it('keeps the cause and its metadata, as a standalone box stored them', () => {
    const analytics = {
      cause: 'omniboxFromLink',
      metadata: { partialQuery: 'reconc', suggestion: 'reconcile a bank feed' },
    };
    expect(searchRequestSchema.parse({ searchHub: 'h', analytics }).analytics).toEqual(analytics);
  });

  it('takes a query longer than a query may be, for the service to cut with a notice', () => {
    const q = 'bank '.repeat(300).trim();
    expect(searchRequestSchema.parse({ searchHub: 'h', q }).q).toBe(q);
  });
});

describe('suggestion and click requests', () => {
  it('suggest 5 by default and up to 10', () => {
    expect(suggestionsRequestSchema.parse({ searchHub: 'h', q: 'ba' }).count).toBe(5);
    expect(suggestionsRequestSchema.safeParse({ searchHub: 'h', q: 'ba', count: 11 }).success).toBe(
      false,
    );
  });

  it('a click needs its search, result and a position from 0', () => {
    const click = { searchHub: 'h', searchUid: 'u', uniqueId: 'x', position: 0 };
    expect(clickRequestSchema.parse(click)).toEqual(click);
    expect(clickRequestSchema.safeParse({ ...click, position: -1 }).success).toBe(false);
    expect(clickRequestSchema.safeParse({ ...click, uniqueId: ' ' }).success).toBe(false);
  });
});

describe('view requests (spec 7)', () => {
  const view = {
    searchHub: 'h',
    contentType: 'Articles',
    location: '/s/article/connect-a-bank-feed',
  };

  it('take a content type and the page path, with the record under @sfid when there is one', () => {
    expect(viewRequestSchema.parse(view)).toEqual(view);
    const record = { ...view, contentIdKey: '@sfid', contentIdValue: 'ka0A1' };
    expect(viewRequestSchema.parse(record)).toEqual(record);
  });

  it('refuse a key without a value, a value without its key, and any other key', () => {
    expect(viewRequestSchema.safeParse({ ...view, contentIdKey: '@sfid' }).success).toBe(false);
    expect(viewRequestSchema.safeParse({ ...view, contentIdValue: 'ka0A1' }).success).toBe(false);
    expect(
      viewRequestSchema.safeParse({ ...view, contentIdKey: '@urihash', contentIdValue: 'x' })
        .success,
    ).toBe(false);
  });

  it('refuse a location that is not a path, or that carries a query or fragment', () => {
    for (const location of [
      'https://elsewhere.example/x',
      's/article',
      '/0/search?q=payroll',
      '/0/#top',
      '',
    ]) {
      expect(viewRequestSchema.safeParse({ ...view, location }).success, location).toBe(false);
    }
    expect(viewRequestSchema.safeParse({ ...view, contentType: ' ' }).success).toBe(false);
  });
});
