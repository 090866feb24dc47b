import { SEARCH_FACET_FIELDS as FACET_FIELDS } from '~core/search';
import type { EngineQuery, FacetCount, FacetField, NotFilterField } from '../search-engine.ts';
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

// The fields a group of documents shares besides its facet values: scope and most NOT clauses
// are then decided once per group instead of once per document.
const GROUP_SCALAR_FIELDS = ['objecttype', 'region', 'syssource'] as const;
const GROUP_FIELDS: ReadonlySet<string> = new Set<string>([
  ...FACET_FIELDS,
  ...GROUP_SCALAR_FIELDS,
]);

/** A combination of facet and scope values many documents share; counted once per search. */
export interface StoredGroup {
  id: number;
  values: FacetGroup['values'];
  /** A document of the group, for deciding conditions on the fields the group shares. */
  representative: StoredDocument;
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
  /** Position in the newest-first order (date descending, then unique_id): the slot. */
  newestRank: number;
}

/**
 * Documents of a search as their slots (newestRank) in ascending order, that is newest first.
 * Typed lists keep a common word's 20,000 matches cheap to filter, count and order.
 */
export type Slots = Int32Array;

export interface DocumentStore {
  version: number;
  /** The slot of a key, or -1 (a document written after the store was loaded). */
  slotOf(key: DocumentKey): number;
  /** Each SQLite rowid's slot (-1 for none), when every key is a small integer. */
  slotByRowid?: Int32Array;
  /** The document of a key (undefined for one written after the store was loaded). */
  find(key: DocumentKey): StoredDocument | undefined;
  /** Every document by slot: newest first. */
  newestFirst: StoredDocument[];
  /** Each slot's group id. */
  groupOfSlot: Int32Array;
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
  const groupOf = (row: StoredFieldsRow, document: StoredDocument) => {
    const id = [...FACET_FIELDS, ...GROUP_SCALAR_FIELDS]
      .map((field) => row[field] ?? '\u0000')
      .join('\u0001');
    let group = groups.get(id);
    if (group === undefined) {
      group = { id: groups.size, values: facetValuesOf(row, parse), representative: document };
      groups.set(id, group);
    }
    return group;
  };
  const documents = rows.map((row): StoredDocument => {
    const document: StoredDocument = {
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
      group: undefined as unknown as StoredGroup,
      sfcreateddate: row.sfcreateddate,
      updated_at: row.updated_at,
      date: row.sfcreateddate ?? row.updated_at,
      titleLength: Number(row.title_length),
      newestRank: 0,
    };
    document.group = groupOf(row, document);
    return document;
  });
  const newestFirst = documents.sort(compareNewestFirst);
  const groupOfSlot = new Int32Array(newestFirst.length);
  newestFirst.forEach((document, slot) => {
    document.newestRank = slot;
    groupOfSlot[slot] = document.group.id;
  });
  const slotByRowid = rowidSlots(newestFirst);
  const byKey = slotByRowid
    ? undefined
    : new Map(newestFirst.map((document) => [document.key, document.newestRank]));
  const slotOf = (key: DocumentKey) =>
    slotByRowid
      ? typeof key === 'number' && key >= 0 && key < slotByRowid.length
        ? slotByRowid[key]!
        : -1
      : (byKey?.get(key) ?? -1);
  return {
    version,
    slotOf,
    ...(slotByRowid ? { slotByRowid } : {}),
    find: (key) => newestFirst[slotOf(key)],
    newestFirst,
    groupOfSlot,
    groups: [...groups.values()],
  };
}

// SQLite rowids are small integers: an array finds them faster than a map.
function rowidSlots(newestFirst: readonly StoredDocument[]): Int32Array | undefined {
  let maxKey = 0;
  for (const { key } of newestFirst) {
    if (typeof key !== 'number' || !Number.isSafeInteger(key) || key < 0) return undefined;
    maxKey = Math.max(maxKey, key);
  }
  if (maxKey > newestFirst.length * 4 + 1024) return undefined;
  const slotByRowid = new Int32Array(maxKey + 1).fill(-1);
  for (const document of newestFirst) slotByRowid[document.key as number] = document.newestRank;
  return slotByRowid;
}

function compareNewestFirst(a: StoredDocument, b: StoredDocument): number {
  return compareText(b.date, a.date) || compareText(a.uniqueId, b.uniqueId);
}

/** The slots of some keys, newest first; keys the store does not know are left out. */
export function slotsOf(store: DocumentStore, keys: ArrayLike<DocumentKey>): Slots {
  // Indexed loops over plain and typed arrays: a common word's keys are 20,000 and more, and
  // iterators or a call per key took several times longer.
  const slots = new Int32Array(keys.length);
  let found = 0;
  const { slotByRowid } = store;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const slot =
      slotByRowid === undefined
        ? store.slotOf(key)
        : typeof key === 'number' && key < slotByRowid.length
          ? (slotByRowid[key] ?? -1)
          : -1;
    if (slot >= 0) slots[found++] = slot;
  }
  return inSlotOrder(slots.subarray(0, found), store.newestFirst.length);
}

/** Every slot of the store. */
export function allSlots(store: DocumentStore): Slots {
  const slots = new Int32Array(store.newestFirst.length);
  for (let slot = 0; slot < slots.length; slot += 1) slots[slot] = slot;
  return slots;
}

// Sorting a few slots is cheap; many are put in order by marking them over the whole store.
function inSlotOrder(slots: Slots, size: number): Slots {
  if (slots.length * 16 < size) return slots.sort();
  const marked = new Uint8Array(size);
  for (let index = 0; index < slots.length; index += 1) marked[slots[index]!] = 1;
  const ordered = new Int32Array(slots.length);
  let next = 0;
  for (let slot = 0; slot < size; slot += 1) if (marked[slot] === 1) ordered[next++] = slot;
  return ordered.subarray(0, next);
}

/**
 * The total and facet counts of the documents matching a search (before facet filters), and
 * those passing the filters, newest first. Documents are counted by their group.
 */
export function filterAndCount(
  store: DocumentStore,
  matched: Slots,
  request: Pick<EngineQuery, 'scope' | 'notFilters' | 'dateRange' | 'filters' | 'facets'>,
): { total: number; facets: FacetCount[]; passing: Slots } {
  const { groupOfSlot, groups, newestFirst } = store;
  const conditions = conditionsOf(request);
  let inScope = matched;
  if (conditions) {
    const kept = new Int32Array(matched.length);
    let count = 0;
    if (decidedByGroup(request)) {
      const keeps = new Uint8Array(groups.length);
      for (const group of groups) keeps[group.id] = conditions(group.representative) ? 1 : 0;
      for (let index = 0; index < matched.length; index += 1) {
        const slot = matched[index]!;
        if (keeps[groupOfSlot[slot]!] === 1) kept[count++] = slot;
      }
    } else {
      for (let index = 0; index < matched.length; index += 1) {
        const slot = matched[index]!;
        if (conditions(newestFirst[slot]!)) kept[count++] = slot;
      }
    }
    inScope = kept.subarray(0, count);
  }
  const counts = new Int32Array(groups.length);
  for (let index = 0; index < inScope.length; index += 1) {
    counts[groupOfSlot[inScope[index]!]!]! += 1;
  }
  const counted: (StoredGroup & { count: number })[] = [];
  for (const group of groups) {
    if (counts[group.id]! > 0) counted.push({ ...group, count: counts[group.id]! });
  }
  const { total, facets, passing } = countFacets(counted, request.filters, request.facets);
  if (passing.length === counted.length) return { total, facets, passing: inScope };
  const passes = new Uint8Array(groups.length);
  for (const group of passing) passes[group.id] = 1;
  const kept = new Int32Array(total);
  let count = 0;
  for (let index = 0; index < inScope.length; index += 1) {
    const slot = inScope[index]!;
    if (passes[groupOfSlot[slot]!] === 1) kept[count++] = slot;
  }
  return { total, facets, passing: kept.subarray(0, count) };
}

// Whether every condition of a request reads only fields a group's documents share.
function decidedByGroup(request: Pick<EngineQuery, 'notFilters' | 'dateRange'>): boolean {
  return (
    request.dateRange === undefined &&
    request.notFilters.every((notFilter) => GROUP_FIELDS.has(notFilter.field))
  );
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

/** The documents at [offset, offset + limit) of some slots, which are newest first. */
export function newestPage(
  store: DocumentStore,
  slots: Slots,
  offset: number,
  limit: number,
): StoredDocument[] {
  return Array.from(slots.subarray(offset, offset + limit), (slot) => store.newestFirst[slot]!);
}

/**
 * The documents at [offset, offset + limit) when ordered by ranking factor alone (a search
 * without words): higher first, then newest.
 */
export function factorPage(
  store: DocumentStore,
  slots: Slots,
  region: string | undefined,
  now: number,
  offset: number,
  limit: number,
): { document: StoredDocument; score: number }[] {
  const scored: { document: StoredDocument; score: number }[] = [];
  for (const slot of slots) {
    const document = store.newestFirst[slot]!;
    scored.push({ document, score: rankingFactor(document, region, now) });
  }
  return firstInOrder(
    scored,
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
  store: DocumentStore,
  passing: Slots,
  inTitle: Slots,
  limit: number,
): { candidates: StoredDocument[]; rest: () => StoredDocument[] } {
  const { newestFirst } = store;
  if (passing.length <= limit) {
    return { candidates: newestPage(store, passing, 0, passing.length), rest: () => [] };
  }
  const state = new Uint8Array(newestFirst.length);
  const PASSING = 1;
  const CANDIDATE = 2;
  for (let index = 0; index < passing.length; index += 1) state[passing[index]!] = PASSING;
  const chosen = shortestTitlesFirst(
    Array.from(inTitle)
      .filter((slot) => state[slot] === PASSING)
      .map((slot) => newestFirst[slot]!),
    limit,
  );
  for (const document of chosen) state[document.newestRank] = CANDIDATE;
  const candidates = [...chosen];
  for (let index = 0; index < passing.length && candidates.length < limit; index += 1) {
    const slot = passing[index]!;
    if (state[slot] !== PASSING) continue;
    state[slot] = CANDIDATE;
    candidates.push(newestFirst[slot]!);
  }
  return {
    candidates,
    rest: () => {
      const rest: StoredDocument[] = [];
      for (let index = 0; index < passing.length; index += 1) {
        if (state[passing[index]!] === PASSING) rest.push(newestFirst[passing[index]!]!);
      }
      return rest;
    },
  };
}

// Titles are short: bucketing by length orders thousands of title matches in one pass, and
// the buckets keep their newest-first order.
function shortestTitlesFirst(documents: StoredDocument[], limit: number): StoredDocument[] {
  const byLength: StoredDocument[][] = [];
  for (const document of documents) (byLength[document.titleLength] ??= []).push(document);
  const chosen: StoredDocument[] = [];
  for (const bucket of byLength) {
    if (bucket === undefined) continue;
    for (const document of bucket) {
      if (chosen.length === limit) return chosen;
      chosen.push(document);
    }
  }
  return chosen;
}
