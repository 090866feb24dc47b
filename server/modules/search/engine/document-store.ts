import {
  FACET_FIELDS,
  type EngineQuery,
  type FacetCount,
  type FacetField,
  type NotFilterField,
} from '../search-engine.ts';
import {
  countFacets,
  facetValues,
  facetValuesOf,
  LIST_FACET_FIELDS,
  type FacetGroup,
} from './facet-counts.ts';

/*
 * The fields every search filters, counts and orders on, for every document, held in memory
 * per search index version. A full-text match yields thousands of documents for a common word;
 * reading their fields from the database for each search (a B-tree lookup each, then grouping)
 * cost tens of milliseconds, while these loops over the matches take about one
 * (docs/performance.md, "Search"). Loaded again when the index version moves on.
 */

/** How the index names a document: the SQLite rowid or the PostgreSQL unique_id. */
export type DocumentKey = number | string;

/** One document's row as the dialect loads it. */
export interface StoredFieldsRow {
  key: DocumentKey;
  unique_id: string;
  objecttype: string | null;
  common_contenttype: string | null;
  syssource: string | null;
  region: string | null;
  sfkbid: string | null;
  sfurlname: string | null;
  sftopicfirstlevelc: string | null;
  sfcoreproductc: string | null;
  sfaudiencec: string | null;
  sfcreateddate: string | null;
  updated_at: string;
  /** Characters in the title. */
  title_length: number | string;
}

type ScalarField = Exclude<NotFilterField, 'sfcoreproductc' | 'sfaudiencec'>;

/** A combination of facet values many documents share; counted once per search. */
export interface StoredGroup {
  id: number;
  values: FacetGroup['values'];
}

export interface StoredDocument {
  key: DocumentKey;
  group: StoredGroup;
  uniqueId: string;
  fields: Record<ScalarField, string | null>;
  sfcreateddate: string | null;
  updated_at: string;
  /** The date results sort and age by: created, else last updated. */
  date: string;
  titleLength: number;
  /** Position in the newest-first order (date descending, then unique_id). */
  newestRank: number;
}

export interface DocumentStore {
  version: number;
  /** The document of a key (undefined for one written after the store was loaded). */
  find(key: DocumentKey): StoredDocument | undefined;
  newestFirst: StoredDocument[];
  groups: StoredGroup[];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildDocumentStore(
  rows: readonly StoredFieldsRow[],
  version: number,
): DocumentStore {
  // Most documents share their field values and lists; one copy of each keeps the store small.
  const texts = new Map<string, string>();
  const intern = (text: string | null) => {
    if (text === null) return null;
    const known = texts.get(text);
    if (known !== undefined) return known;
    texts.set(text, text);
    return text;
  };
  const lists = new Map<string, readonly string[]>();
  const parse = (field: FacetField, stored: string | null): readonly string[] => {
    if (stored === null || !LIST_FACET_FIELDS.has(field)) return facetValues(field, intern(stored));
    let list = lists.get(stored);
    if (list === undefined) {
      list = facetValues(field, stored).map((value) => intern(value)!);
      lists.set(stored, list);
    }
    return list;
  };
  const groups = new Map<string, StoredGroup>();
  const groupOf = (row: StoredFieldsRow) => {
    const id = FACET_FIELDS.map((field) => row[field] ?? '\u0000').join('\u0001');
    let group = groups.get(id);
    if (group === undefined) {
      group = { id: groups.size, values: facetValuesOf(row, parse) };
      groups.set(id, group);
    }
    return group;
  };
  const documents = rows.map((row): StoredDocument => ({
    key: row.key,
    uniqueId: row.unique_id,
    fields: {
      objecttype: intern(row.objecttype),
      common_contenttype: intern(row.common_contenttype),
      syssource: intern(row.syssource),
      region: intern(row.region),
      sfkbid: row.sfkbid,
      sfurlname: row.sfurlname,
      sftopicfirstlevelc: intern(row.sftopicfirstlevelc),
      unique_id: row.unique_id,
    },
    group: groupOf(row),
    sfcreateddate: row.sfcreateddate,
    updated_at: row.updated_at,
    date: row.sfcreateddate ?? row.updated_at,
    titleLength: Number(row.title_length),
    newestRank: 0,
  }));
  const newestFirst = [...documents].sort(compareNewestFirst);
  newestFirst.forEach((document, index) => (document.newestRank = index));
  return {
    version,
    find: finder(documents),
    newestFirst,
    groups: [...groups.values()],
  };
}

// SQLite rowids are small integers: an array finds them faster than a map.
function finder(documents: readonly StoredDocument[]): DocumentStore['find'] {
  let maxKey = 0;
  for (const { key } of documents) {
    if (typeof key !== 'number' || !Number.isSafeInteger(key) || key < 0) {
      maxKey = Number.POSITIVE_INFINITY;
      break;
    }
    maxKey = Math.max(maxKey, key);
  }
  if (maxKey <= documents.length * 4 + 1024) {
    const byRowid: (StoredDocument | undefined)[] = Array.from({ length: maxKey + 1 });
    for (const document of documents) byRowid[document.key as number] = document;
    return (key) => (typeof key === 'number' ? byRowid[key] : undefined);
  }
  const byKey = new Map(documents.map((document) => [document.key, document]));
  return (key) => byKey.get(key);
}

function compareNewestFirst(a: StoredDocument, b: StoredDocument): number {
  return compareText(b.date, a.date) || compareText(a.uniqueId, b.uniqueId);
}

/**
 * The total and facet counts of the documents matching a search (before facet filters), and
 * those passing the filters, in their order. Documents are counted by their facet value group.
 */
export function filterAndCount(
  store: DocumentStore,
  matched: readonly StoredDocument[],
  request: Pick<EngineQuery, 'scope' | 'notFilters' | 'dateRange' | 'filters' | 'facets'>,
): { total: number; facets: FacetCount[]; passing: readonly StoredDocument[] } {
  const conditions = conditionsOf(request);
  const inScope = conditions ? matched.filter(conditions) : matched;
  const counts = new Int32Array(store.groups.length);
  for (let index = 0; index < inScope.length; index += 1) counts[inScope[index]!.group.id]! += 1;
  const counted: (StoredGroup & { count: number })[] = [];
  for (const group of store.groups) {
    if (counts[group.id]! > 0) counted.push({ ...group, count: counts[group.id]! });
  }
  const { total, facets, passing } = countFacets(counted, request.filters, request.facets);
  if (passing.length === counted.length) return { total, facets, passing: inScope };
  const passes = new Uint8Array(store.groups.length);
  for (const group of passing) passes[group.id] = 1;
  return {
    total,
    facets,
    passing: inScope.filter((document) => passes[document.group.id] === 1),
  };
}

/**
 * Whether a document is in the request's scope and passes its NOT clauses and date range
 * (everything but the facet filters, which facet counting weighs one by one); undefined when
 * the request has none of these.
 */
export function conditionsOf(
  request: Pick<EngineQuery, 'scope' | 'notFilters' | 'dateRange'>,
): ((document: StoredDocument) => boolean) | undefined {
  const objecttypes = new Set(request.scope.objecttypes ?? []);
  const contentTypes = new Set(request.scope.commonContentTypes ?? []);
  const scoped = objecttypes.size > 0 || contentTypes.size > 0;
  const { notFilters, dateRange } = request;
  if (!scoped && notFilters.length === 0 && dateRange === undefined) return undefined;
  return (document) => {
    if (
      scoped &&
      !objecttypes.has(document.fields.objecttype ?? '') &&
      !contentTypes.has(document.fields.common_contenttype ?? '')
    ) {
      return false;
    }
    for (const { field, value } of notFilters) {
      if (field === 'sfcoreproductc' || field === 'sfaudiencec') {
        if (document.group.values[field].includes(value)) return false;
      } else if (document.fields[field] === value) return false;
    }
    if (dateRange) {
      const date = document[dateRange.field];
      if (dateRange.from !== undefined && (date === null || date < dateRange.from)) return false;
      if (dateRange.to !== undefined && (date === null || date > dateRange.to)) return false;
    }
    return true;
  };
}

/** Content types whose freshness matters: newer discussions rank higher. */
export const DISCUSSION_CONTENT_TYPES = ['Discussion', 'FeedItem'];
export const MATCHING_REGION_BOOST = 1.15;
// A discussion posted today scores 1.4 times its text relevance, one a few months old about 0.6.
export const FRESHNESS_FLOOR = 0.6;
export const FRESHNESS_RANGE = 0.8;
export const FRESHNESS_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * What a document's text relevance is multiplied by: the visitor's region, and for discussions
 * their age (spec: freshness factor for discussions, by sfcreateddate).
 */
export function rankingFactor(document: StoredDocument, region: string | undefined, now: number) {
  const regional = document.fields.region !== null && document.fields.region === (region ?? '');
  let factor = regional ? MATCHING_REGION_BOOST : 1;
  if (DISCUSSION_CONTENT_TYPES.includes(document.fields.common_contenttype ?? '')) {
    const ageDays = Math.abs(now - Date.parse(document.date)) / DAY_MS;
    factor *= Number.isFinite(ageDays)
      ? FRESHNESS_FLOOR + FRESHNESS_RANGE * Math.exp(-ageDays / FRESHNESS_DAYS)
      : FRESHNESS_FLOOR;
  }
  return factor;
}

/**
 * The first `count` items in the order `compare` gives, without sorting them all: a page of
 * results from tens of thousands of matches.
 */
export function firstInOrder<Item>(
  items: Iterable<Item>,
  count: number,
  compare: (a: Item, b: Item) => number,
): Item[] {
  const first: Item[] = [];
  if (count <= 0) return first;
  for (const item of items) {
    if (first.length === count && compare(item, first[count - 1]!) >= 0) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, first[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    first.splice(low, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}

const byNewest = (a: StoredDocument, b: StoredDocument) => a.newestRank - b.newestRank;

/**
 * The first `count` documents in newest-first order. Among many documents (a common word's
 * 20,000 matches) they are found by their position in that order, which each document knows
 * (newestRank): one pass to place them, then a walk from the newest that stops after `count`.
 */
export function firstNewest(documents: readonly StoredDocument[], count: number): StoredDocument[] {
  if (count <= 0) return [];
  if (documents.length <= count * 8) return firstInOrder(documents, count, byNewest);
  let lastRank = 0;
  for (const document of documents) lastRank = Math.max(lastRank, document.newestRank);
  // 1 + the document's index in `documents`, at its rank; 0 where no document has that rank.
  const atRank = new Int32Array(lastRank + 1);
  for (let index = 0; index < documents.length; index += 1) {
    atRank[documents[index]!.newestRank] = index + 1;
  }
  const first: StoredDocument[] = [];
  for (let rank = 0; rank <= lastRank && first.length < count; rank += 1) {
    if (atRank[rank] !== 0) first.push(documents[atRank[rank]! - 1]!);
  }
  return first;
}

/** The documents at [offset, offset + limit) of the newest-first order. */
export function newestPage(
  documents: readonly StoredDocument[],
  offset: number,
  limit: number,
): StoredDocument[] {
  return firstNewest(documents, offset + limit).slice(offset);
}

/**
 * The documents at [offset, offset + limit) when ordered by ranking factor alone (a search
 * without words): higher first, then newest.
 */
export function factorPage(
  documents: readonly StoredDocument[],
  region: string | undefined,
  now: number,
  offset: number,
  limit: number,
): { document: StoredDocument; score: number }[] {
  return firstInOrder(
    documents.map((document) => ({ document, score: rankingFactor(document, region, now) })),
    offset + limit,
    (a, b) => b.score - a.score || a.document.newestRank - b.document.newestRank,
  ).slice(offset);
}

/**
 * The documents whose text relevance is computed when a search matches more than `limit`:
 * those with the words in their title (shortest titles first: an exact title is among them),
 * then the newest; the rest follow them newest first. Scoring every match of a common word
 * costs about a millisecond per thousand matches, and the best results of such a search have
 * the words in their title.
 */
export function rankingCandidates(
  documents: readonly StoredDocument[],
  inTitle: readonly StoredDocument[],
  limit: number,
): { candidates: StoredDocument[]; rest: () => StoredDocument[] } {
  if (documents.length <= limit) return { candidates: [...documents], rest: () => [] };
  // The title matches are a fraction of the matches: those among `documents` are found by
  // marking the documents' places in the newest-first order, not by looking each match up.
  let lastRank = 0;
  for (const document of documents) lastRank = Math.max(lastRank, document.newestRank);
  const listed = new Uint8Array(lastRank + 1);
  for (let index = 0; index < documents.length; index += 1) {
    listed[documents[index]!.newestRank] = 1;
  }
  const chosen = firstInOrder(
    inTitle.filter((document) => listed[document.newestRank] === 1),
    limit,
    (a, b) => a.titleLength - b.titleLength || byNewest(a, b),
  );
  const chosenSet = new Set(chosen);
  // At most chosen.length of the newest `limit` are chosen already, so the rest fill up.
  const newest = firstNewest(documents, limit)
    .filter((document) => !chosenSet.has(document))
    .slice(0, limit - chosen.length);
  const candidates = [...chosen, ...newest];
  return {
    candidates,
    rest: () => {
      const candidateSet = new Set(candidates);
      return documents.filter((document) => !candidateSet.has(document));
    },
  };
}
