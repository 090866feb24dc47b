import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ParsedQuery, VocabularyWord } from '~core/search';
import type { SearchDocument } from '../search-documents.repository.ts';
import type { EngineQuery, FacetCount } from '../search-engine.ts';
import {
  allSlots,
  factorPage,
  firstInOrder,
  newestPage,
  filterAndCount,
  rankingCandidates,
  rankingFactor,
  slotsOf,
  type DocumentKey,
  type DocumentStore,
  type StoredDocument,
  type StoredFieldsRow,
} from './document-store.ts';
import type { SearchTables } from '../search.tables.ts';

/*
 * The search both dialects share: the full-text index finds the matching documents, the
 * in-memory document store (document-store.ts) filters, counts and orders them, and the index
 * scores the text relevance of the few that can make the page. Each dialect supplies how text
 * matches and ranks, and how highlights, vocabulary and title suggestions come out of its index.
 */

export interface TextMatch {
  /** The matching documents' keys, as one query over the full-text index alone. */
  keys: RawBuilder<unknown>;
  /** FROM clause of the index alone, for scoring. */
  from: RawBuilder<unknown>;
  /** The title of the document of `key`, read only where asked for. */
  title: RawBuilder<unknown>;
  /** The key column of `from`. */
  key: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** Higher is better. */
  relevance: RawBuilder<unknown>;
}

/** Marked texts (matches wrapped in HIGHLIGHT_OPEN / HIGHLIGHT_CLOSE) of one document. */
export interface MarkedTexts {
  title: string;
  body: string;
  excerpt: string;
}

export interface IndexDialect {
  textMatch(query: ParsedQuery): TextMatch;
  /** Every document's key, as the store's rows (see StoredFieldsRow). */
  loadFields(): Promise<StoredFieldsRow[]>;
  /**
   * The match to score documents already known to match with: the same relevance, without
   * the parts of the query that add nothing to it but reading the index (see the dialect).
   */
  scoringMatch(query: ParsedQuery, match: TextMatch, version: number): Promise<TextMatch>;
  /** Runs TextMatch.keys. */
  matchingKeys(match: TextMatch): Promise<ArrayLike<DocumentKey>>;
  /** The documents having the query's words in their title. */
  titleKeys(query: ParsedQuery): Promise<ArrayLike<DocumentKey>>;
  /** `key` is one of `keys` (a condition the full-text index does not use as its access path). */
  keyIn(key: RawBuilder<unknown>, keys: readonly DocumentKey[]): RawBuilder<unknown>;
  markedTexts(query: ParsedQuery, keys: DocumentKey[]): Promise<Map<string, MarkedTexts>>;
  /** Documents containing each word as written (0 when unknown). */
  wordCounts(words: string[]): Promise<Map<string, number>>;
  /** Vocabulary words that may be what a misspelt word meant. */
  correctionCandidates(word: string): Promise<VocabularyWord[]>;
  /** Titles containing the typed words (the last one as a beginning), in scope. */
  titleCandidates(
    words: string[],
    lastIsPrefix: boolean,
    scope: RawBuilder<unknown>,
    limit: number,
  ): Promise<string[]>;
}

// Private-use characters: they never occur in help content, so they can mark matches safely.
export const HIGHLIGHT_OPEN = '\uE000';
export const HIGHLIGHT_CLOSE = '\uE001';

/**
 * Documents whose text relevance the index computes for one search. Scoring costs about a
 * millisecond per thousand documents; a search matching more scores the likeliest best ones
 * (rankingCandidates in document-store.ts).
 */
export const RANKING_CANDIDATES = 500;

export interface IndexSearchRequest {
  request: EngineQuery;
  query: ParsedQuery;
  now: string;
}

export interface IndexSearchRows {
  total: number;
  hits: { document: SearchDocument; score: number }[];
  facets: FacetCount[];
  /** The store keys of the hits, for highlighting. */
  keys: DocumentKey[];
}

export function scopeCondition(scope: EngineQuery['scope'] | undefined): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (scope?.objecttypes?.length)
    parts.push(sql`sd.objecttype in (${sql.join(scope.objecttypes)})`);
  if (scope?.commonContentTypes?.length) {
    parts.push(sql`sd.common_contenttype in (${sql.join(scope.commonContentTypes)})`);
  }
  return parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` or `)})`;
}

interface Scored {
  document: StoredDocument;
  score: number;
  exactTitle: boolean;
}

/** Text relevance times ranking factor, and whether the title is the query, of some documents. */
async function scoreDocuments(
  db: Kysely<SearchTables>,
  dialect: IndexDialect,
  match: TextMatch,
  documents: readonly StoredDocument[],
  { request, now }: IndexSearchRequest,
): Promise<Scored[]> {
  if (documents.length === 0) return [];
  const byKey = new Map<DocumentKey, StoredDocument>(
    documents.map((document) => [document.key, document]),
  );
  // Only a title of the query's length can be the query: the store knows each title's length,
  // so the others' titles are not read (a lookup per candidate otherwise).
  const text = request.text.trim();
  const sameLength = documents
    .filter((document) => document.titleLength === [...text].length)
    .map((document) => document.key);
  const exactTitle =
    sameLength.length === 0
      ? sql`0`
      : sql`case when ${dialect.keyIn(match.key, sameLength)}
          and lower(${match.title}) = ${text.toLowerCase()} then 1 else 0 end`;
  const rows = await sql<{ key: DocumentKey; relevance: number; exact_title: number }>`
    select ${match.key} as key, ${match.relevance} as relevance, ${exactTitle} as exact_title
    from ${match.from}
    where ${match.where} and ${dialect.keyIn(match.key, [...byKey.keys()])}`.execute(db);
  const nowTime = Date.parse(now);
  const scored = new Map<StoredDocument, Scored>();
  for (const row of rows.rows) {
    const document = byKey.get(typeof row.key === 'string' ? row.key : Number(row.key));
    if (document === undefined) continue;
    scored.set(document, {
      document,
      score: Number(row.relevance) * rankingFactor(document, request.region, nowTime),
      exactTitle: Number(row.exact_title) === 1,
    });
  }
  // A document the scoring match leaves out matches only through what it does not weigh (the
  // beginning a long word shares with others): no relevance, and no title equal to the query.
  return documents.map(
    (document) => scored.get(document) ?? { document, score: 0, exactTitle: false },
  );
}

// An item whose title is exactly the query comes first, whatever the text ranking says: each
// dialect's ranking can favour a short document that repeats the words.
const byRelevance = (a: Scored, b: Scored) =>
  Number(b.exactTitle) - Number(a.exactTitle) ||
  b.score - a.score ||
  a.document.newestRank - b.document.newestRank;

export async function runIndexSearch(
  db: Kysely<SearchTables>,
  dialect: IndexDialect,
  store: DocumentStore,
  search: IndexSearchRequest,
): Promise<IndexSearchRows> {
  const { request, query, now } = search;
  const match = query.clauses.length > 0 ? dialect.textMatch(query) : undefined;
  const matched = match ? slotsOf(store, await dialect.matchingKeys(match)) : allSlots(store);
  const { total, facets, passing } = filterAndCount(store, matched, request);
  const { offset, limit } = request;
  const end = offset + limit;
  const nowTime = Date.parse(now);
  let page: { document: StoredDocument; score?: number }[] = [];
  let scoring: Promise<TextMatch> | undefined;
  if (total > offset && limit > 0) {
    if (request.sort === 'date') {
      // Text relevance plays no part in this order, so it is not computed.
      page = newestPage(store, passing, offset, limit).map((document) => ({
        document,
        score: rankingFactor(document, request.region, nowTime),
      }));
    } else if (match === undefined) {
      page = factorPage(store, passing, request.region, nowTime, offset, limit);
    } else {
      const inTitle =
        passing.length > RANKING_CANDIDATES
          ? slotsOf(store, await dialect.titleKeys(query))
          : new Int32Array(0);
      const { candidates, rest } = rankingCandidates(store, passing, inTitle, RANKING_CANDIDATES);
      scoring = dialect.scoringMatch(query, match, store.version);
      const ranked = firstInOrder(
        await scoreDocuments(db, dialect, await scoring, candidates, search),
        end,
        byRelevance,
      );
      page = [
        ...ranked,
        ...(end > ranked.length ? rest().slice(0, end - ranked.length) : []).map((document) => ({
          document,
        })),
      ].slice(offset, end);
    }
  }
  const unscored = page.filter((entry) => entry.score === undefined).map((entry) => entry.document);
  const scores = new Map(
    match === undefined || unscored.length === 0
      ? []
      : (
          await scoreDocuments(
            db,
            dialect,
            await (scoring ?? dialect.scoringMatch(query, match, store.version)),
            unscored,
            search,
          )
        ).map((scored) => [scored.document, scored.score]),
  );
  const documents = new Map(
    page.length === 0
      ? []
      : (
          await db
            .selectFrom('search_document')
            .selectAll()
            .where(
              'unique_id',
              'in',
              page.map((entry) => entry.document.uniqueId),
            )
            .execute()
        ).map((document) => [document.unique_id, document]),
  );
  const hits = page.flatMap((entry) => {
    const document = documents.get(entry.document.uniqueId);
    return document
      ? [
          {
            document,
            score: entry.score ?? scores.get(entry.document) ?? 0,
            key: entry.document.key,
          },
        ]
      : [];
  });
  return {
    total,
    facets,
    hits: hits.map(({ document, score }) => ({ document, score })),
    keys: hits.map((hit) => hit.key),
  };
}

/** The rows of the in-memory document store (document-store.ts). */
export function storedFieldsQuery(table: RawBuilder<unknown>, key: RawBuilder<unknown>) {
  return sql<StoredFieldsRow>`
    select ${key} as key, unique_id, objecttype, common_contenttype, syssource, region, sfkbid,
      sfurlname, sftopicfirstlevelc, sfcoreproductc, sfaudiencec, sfcreateddate, updated_at,
      length(title) as title_length
    from ${table}`;
}
