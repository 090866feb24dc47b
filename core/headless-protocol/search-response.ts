import type { SearchResult, TextHighlight } from '../search/index.ts';
import type { LibraryFacet, TranslatedSearch } from './search-request.ts';

/**
 * The portal's search answer in the shape the search library reads (SearchResponseSuccess of the
 * Search API): results with their spec raw fields and highlights, the asked-for facets under
 * their ids with counts, the total, the query correction in the shape the library asked for,
 * the search uid and the time the search took.
 */

/** The portal's own search answer, as its search service gives it. */
export interface PortalSearchAnswer {
  searchUid: string;
  totalCount: number;
  results: SearchResult[];
  facets: {
    field: string;
    values: { value: string; numberOfResults: number; state: 'idle' | 'selected' }[];
  }[];
  queryCorrections: { correctedQuery: string }[];
}

export interface LibraryResult {
  title: string;
  uri: string;
  printableUri: string;
  clickUri: string;
  uniqueId: string;
  excerpt: string;
  firstSentences: string;
  summary: null;
  flags: string;
  hasHtmlVersion: boolean;
  hasMobileHtmlVersion: boolean;
  score: number;
  percentScore: number;
  rankingInfo: null;
  isTopResult: boolean;
  isRecommendation: boolean;
  isUserActionView: boolean;
  titleHighlights: TextHighlight[];
  firstSentencesHighlights: TextHighlight[];
  excerptHighlights: TextHighlight[];
  printableUriHighlights: TextHighlight[];
  summaryHighlights: TextHighlight[];
  absentTerms: string[];
  raw: Record<string, unknown>;
  searchUid: string;
  childResults: LibraryResult[];
  totalNumberOfChildResults: number;
}

export interface AnswerContext {
  /** The site's address, so the relative links of results become absolute uris. */
  siteUrl: string;
  pipeline: string;
  /** Milliseconds the search took, reported as the Search API does. */
  duration: number;
  /** Per range of the library's date facet, how many results fall in it. */
  dateRangeCounts?: readonly number[];
  isRecommendation?: boolean;
}

/** Fields every answered result keeps whatever fieldsToInclude says: the library reads them. */
const ALWAYS_RAW = ['urihash', 'permanentid', 'title', 'uri', 'date'];

function absolute(link: string, siteUrl: string): string {
  try {
    return new URL(link, siteUrl).href;
  } catch {
    return link;
  }
}

function dateMs(raw: Record<string, unknown>): number | undefined {
  const value = raw.sfcreateddate;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function rawOf(
  result: SearchResult,
  uri: string,
  fieldsToInclude: readonly string[] | undefined,
): Record<string, unknown> {
  const all: Record<string, unknown> = {
    ...result.raw,
    title: result.title,
    uri,
    permanentid: result.raw?.permanentid ?? result.uniqueId,
  };
  const date = dateMs(all);
  if (date !== undefined) all.date = date;
  if (fieldsToInclude === undefined) return all;
  const wanted = new Set([
    ...ALWAYS_RAW,
    ...fieldsToInclude.map((field) => field.replace(/^@/, '')),
  ]);
  return Object.fromEntries(Object.entries(all).filter(([field]) => wanted.has(field)));
}

function libraryResult(
  result: SearchResult,
  rank: number,
  of: number,
  searchUid: string,
  search: Pick<TranslatedSearch, 'fieldsToInclude'>,
  context: AnswerContext,
): LibraryResult {
  const uri = absolute(result.clickUri, context.siteUrl);
  const children = result.childResults ?? [];
  // The portal ranks but does not score: a score falling with the rank keeps the order readable.
  const score = Math.max(of - rank, 0);
  return {
    title: result.title,
    uri,
    printableUri: uri,
    clickUri: uri,
    uniqueId: result.uniqueId,
    excerpt: result.excerpt,
    firstSentences: '',
    summary: null,
    flags: 'HasHtmlVersion',
    hasHtmlVersion: true,
    hasMobileHtmlVersion: false,
    score,
    percentScore: of === 0 ? 0 : Math.round((score / of) * 100),
    rankingInfo: null,
    isTopResult: false,
    isRecommendation: context.isRecommendation ?? false,
    isUserActionView: false,
    titleHighlights: result.titleHighlights,
    firstSentencesHighlights: [],
    excerptHighlights: result.excerptHighlights,
    printableUriHighlights: [],
    summaryHighlights: [],
    absentTerms: [],
    raw: rawOf(result, uri, search.fieldsToInclude),
    searchUid,
    childResults: children.map((child, index) =>
      libraryResult(child, index, children.length, searchUid, search, context),
    ),
    totalNumberOfChildResults: result.totalNumberOfChildResults ?? children.length,
  };
}

function specificFacet(facet: LibraryFacet, answer: PortalSearchAnswer) {
  const counted = answer.facets.find((candidate) => candidate.field === facet.field);
  const values = counted?.values ?? [];
  // Selected values stay even past numberOfValues, so they can be cleared.
  const shown = values.filter(
    (value, index) => index < facet.numberOfValues || value.state === 'selected',
  );
  return {
    facetId: facet.facetId,
    field: facet.field,
    indexScore: 0,
    moreValuesAvailable: shown.length < values.length,
    values: shown.map((value) => ({
      value: value.value,
      state: value.state,
      numberOfResults: value.numberOfResults,
    })),
  };
}

/** Where two queries differ word by word, when they have as many words. */
export function wordCorrections(original: string, corrected: string) {
  const words = [...original.matchAll(/\S+/g)];
  const replacements = corrected.split(/\s+/).filter((word) => word !== '');
  if (words.length !== replacements.length) return [];
  return words.flatMap((match, index) => {
    const correctedWord = replacements[index] ?? '';
    if (match[0].toLowerCase() === correctedWord.toLowerCase()) return [];
    return [
      {
        offset: match.index,
        length: match[0].length,
        originalWord: match[0],
        correctedWord,
      },
    ];
  });
}

function corrections(search: TranslatedSearch, answer: PortalSearchAnswer) {
  const original = search.request.q ?? '';
  const found = answer.queryCorrections.map(({ correctedQuery }) => ({
    correctedQuery,
    wordCorrections: wordCorrections(original, correctedQuery),
  }));
  if (search.correction === 'next') {
    const first = found[0];
    return first
      ? {
          queryCorrections: [],
          queryCorrection: {
            originalQuery: original,
            correctedQuery: first.correctedQuery,
            corrections: found,
          },
        }
      : { queryCorrections: [] };
  }
  return { queryCorrections: found };
}

export function librarySearchAnswer(
  search: TranslatedSearch,
  answer: PortalSearchAnswer,
  context: AnswerContext,
) {
  const { results } = answer;
  const facets: unknown[] = search.facets.map((facet) => specificFacet(facet, answer));
  if (search.dateFacet) {
    const counts = context.dateRangeCounts ?? [];
    facets.push({
      facetId: search.dateFacet.facetId,
      field: search.dateFacet.field,
      indexScore: 0,
      moreValuesAvailable: false,
      values: search.dateFacet.ranges.map((range, index) => ({
        start: range.start,
        end: range.end,
        endInclusive: range.endInclusive,
        state: range.state,
        numberOfResults: counts[index] ?? 0,
      })),
    });
  }
  return {
    searchUid: answer.searchUid,
    totalCount: answer.totalCount,
    totalCountFiltered: answer.totalCount,
    duration: context.duration,
    indexDuration: context.duration,
    requestDuration: context.duration,
    pipeline: context.pipeline,
    splitTestRun: '',
    results: results.map((result, rank) =>
      libraryResult(result, rank, results.length, answer.searchUid, search, context),
    ),
    facets,
    ...corrections(search, answer),
    triggers: [],
    termsToHighlight: {},
    phrasesToHighlight: {},
    extendedResults: {},
  };
}
