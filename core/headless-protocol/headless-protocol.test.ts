import { describe, expect, it } from 'vitest';
import { isoOfLibraryDate, libraryDateOf } from './dates.ts';
import { facetSearchAnswer, facetSearchSchema } from './facet-search.ts';
import { ProtocolError } from './protocol-error.ts';
import { libraryHighlight } from './query-suggestions.ts';
import { libraryClientId, librarySearchSchema, translateSearch } from './search-request.ts';
import { wordCorrections } from './search-response.ts';
import { clickedUniqueId, usageEventSchemas } from './usage-events.ts';

const SUPPORT = { searchHub: 'LL_GlobalSearch', pipeline: 'LL - Global', mode: 'support' as const };
const translate = (body: unknown) => translateSearch(librarySearchSchema.parse(body), SUPPORT);

function refusal(body: unknown): ProtocolError {
  try {
    translate(body);
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('library search requests', () => {
  it('become the portal’s request: facets, exclusions and the constant query', () => {
    const { request, facets } = translate({
      q: 'bank',
      aq: 'sfurlname NOT a',
      cq: '@objecttype==Knowledge',
      facets: [
        {
          facetId: 'type',
          field: '@common_contenttype',
          type: 'specific',
          currentValues: [
            { value: 'Article', state: 'selected' },
            { value: 'Help topic', state: 'excluded' },
            { value: 'Guide', state: 'idle' },
          ],
        },
      ],
      numberOfResults: 5,
      firstResult: 5,
      sortCriteria: '@date descending',
    });
    expect(request).toMatchObject({
      searchHub: 'LL_GlobalSearch',
      q: 'bank',
      aq: 'sfurlname NOT a AND @objecttype==Knowledge AND common_contenttype NOT "Help topic"',
      facets: { common_contenttype: ['Article'] },
      sortCriteria: 'date descending',
      firstResult: 5,
      numberOfResults: 5,
      enableDidYouMean: false,
    });
    expect(facets).toEqual([{ facetId: 'type', field: 'common_contenttype', numberOfValues: 8 }]);
  });

  it('read the date range facet and its one selected range', () => {
    const translated = translate({
      facets: [
        {
          facetId: 'd',
          field: 'date',
          type: 'dateRange',
          currentValues: [
            { start: '2026/11/19@00:00:00', end: '2026/11/26@12:00:00', state: 'selected' },
          ],
        },
      ],
    });
    expect(translated.dateFacet?.ranges[0]).toMatchObject({
      from: '2026-11-19T00:00:00.000Z',
      to: '2026-11-26T12:00:00.000Z',
    });
  });

  it.each([
    [{ sortCriteria: '@size ascending' }, 422, 'sortCriteria'],
    [{ generateAutomaticFacets: {} }, 422, 'Automatic facets'],
    [{ filterField: '@foldingcollection' }, 422, 'Folding'],
    [{ searchHub: 'other' }, 400, "not 'other'"],
    [{ pipeline: 'default' }, 400, 'pipeline'],
    [
      { facets: [{ facetId: 'x', field: 'author', type: 'specific', currentValues: [] }] },
      400,
      "'author' is not a facet field",
    ],
    [
      { facets: [{ facetId: 'n', field: 'size', type: 'numericalRange', currentValues: [] }] },
      422,
      'numericalRange',
    ],
    [
      {
        facets: [
          {
            facetId: 'd',
            field: 'date',
            type: 'dateRange',
            currentValues: [{ start: 'x', end: 'y' }],
          },
        ],
      },
      400,
      'YYYY/MM/DD',
    ],
    [
      { queryCorrection: { enabled: true, options: { automaticallyCorrect: 'always' } } },
      422,
      'automaticallyCorrect',
    ],
  ])('refuse %j by name', (body, status, message) => {
    const error = refusal(body);
    expect(error.statusCode).toBe(status);
    expect(error.message).toContain(message);
  });

  it('take the recommendation id as the list when it names one', () => {
    const translated = translateSearch(librarySearchSchema.parse({ recommendation: 'topics' }), {
      searchHub: 'recommendations',
      pipeline: 'Recommendations',
      mode: 'recommendations',
    });
    expect(translated.request.tab).toBe('topics');
  });

  it('ask for the correction mode they read', () => {
    expect(translate({ enableDidYouMean: true }).correction).toBe('legacy');
    expect(translate({ queryCorrection: { enabled: true } }).correction).toBe('next');
    expect(translate({}).correction).toBe('off');
  });

  it('carry the id the library keeps for its browser, when it is a random id', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(libraryClientId({ analytics: { clientId: id.toUpperCase() } })).toBe(id);
    for (const body of [
      {},
      { analytics: null },
      { analytics: { clientId: '' } },
      { analytics: { clientId: 'user@example.com' } },
      { analytics: { clientId: 42 } },
      'text',
    ]) {
      expect(libraryClientId(body)).toBeUndefined();
    }
  });
});

describe('answers', () => {
  it('mark typed and completed parts of a suggestion', () => {
    expect(libraryHighlight('bank<b> feed &amp; rules</b>')).toBe('{bank}[ feed & rules]');
  });

  it('name each corrected word', () => {
    expect(wordCorrections('reconcle bank', 'reconcile bank')).toEqual([
      { offset: 0, length: 8, originalWord: 'reconcle', correctedWord: 'reconcile' },
    ]);
    expect(wordCorrections('a b', 'a b c')).toEqual([]);
  });

  it('find facet values by wildcard, leaving out those already shown', () => {
    const request = facetSearchSchema.parse({ field: 'x', query: '*art*', ignoreValues: ['Art'] });
    const answer = facetSearchAnswer(request, [
      { value: 'Article', numberOfResults: 3 },
      { value: 'Art', numberOfResults: 1 },
      { value: 'Guide', numberOfResults: 2 },
    ]);
    expect(answer).toEqual({
      values: [{ displayValue: 'Article', rawValue: 'Article', count: 3 }],
      moreValuesAvailable: false,
    });
  });

  it('read library dates both ways', () => {
    expect(isoOfLibraryDate('2026/02/30@00:00:00')).toBeUndefined();
    expect(libraryDateOf('2026-11-26T08:05:09.000Z')).toBe('2026/11/26@08:05:09');
    expect(isoOfLibraryDate(libraryDateOf('2026-11-26T08:05:09.000Z'))).toBe(
      '2026-11-26T08:05:09.000Z',
    );
  });

  it('find the clicked result at the top or in the legacy custom data', () => {
    const click = (value: object) =>
      usageEventSchemas.click.parse({ documentPosition: 1, ...value });
    expect(clickedUniqueId(click({ contentIDKey: 'permanentid', contentIDValue: 'a' }))).toBe('a');
    expect(
      clickedUniqueId(click({ customData: { contentIDKey: 'permanentid', contentIDValue: 'b' } })),
    ).toBe('b');
    expect(clickedUniqueId(click({ contentIDKey: '@sfid', contentIDValue: 'c' }))).toBeUndefined();
  });
});
