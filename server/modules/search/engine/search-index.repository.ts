import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ParsedQuery, VocabularyWord } from '../../../../core/search-query.ts';
import type { Database } from '../../../db/schema.ts';
import type { SearchDocument } from '../search-documents.repository.ts';
import {
  FACET_FIELDS,
  type EngineQuery,
  type FacetCount,
  type FacetField,
} from '../search-engine.ts';
import { countFacets } from './facet-counts.ts';

/*
 * The search query both dialects share: the conditions, boosts, ordering and facet counting.
 * Each dialect supplies how text matches and ranks, how a JSON list is read, and how highlights,
 * vocabulary and title suggestions come out of its full-text index.
 */

export interface TextMatch {
  /** FROM clause naming the fields table as sd (and whatever the match needs). */
  from: RawBuilder<unknown>;
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
  /** The table holding the fields searches filter, count and rank on, aliased sd. */
  fields: RawBuilder<unknown>;
  textMatch(query: ParsedQuery): TextMatch;
  listContainsAny(column: RawBuilder<unknown>, values: string[]): RawBuilder<unknown>;
  ageInDays(column: RawBuilder<unknown>, now: string): RawBuilder<unknown>;
  markedTexts(query: ParsedQuery, uniqueIds: string[]): Promise<Map<string, MarkedTexts>>;
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

/** Content types whose freshness matters: newer discussions rank higher. */
export const DISCUSSION_CONTENT_TYPES = ['Discussion', 'FeedItem'];

const LIST_FIELDS = new Set<string>(['sfcoreproductc', 'sfaudiencec']);
const MATCHING_REGION_BOOST = 1.15;
// A discussion posted today scores 1.4 times its text relevance, one a few months old about 0.6.
const FRESHNESS_FLOOR = 0.6;
const FRESHNESS_RANGE = 0.8;
const FRESHNESS_DAYS = 30;

export interface IndexSearchRequest {
  request: EngineQuery;
  query: ParsedQuery;
  now: string;
}

export interface IndexSearchRows {
  total: number;
  hits: { document: SearchDocument; score: number }[];
  facets: FacetCount[];
}

const column = (name: string) => sql.ref(`sd.${name}`);

export function scopeCondition(scope: EngineQuery['scope'] | undefined): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (scope?.objecttypes?.length)
    parts.push(sql`sd.objecttype in (${sql.join(scope.objecttypes)})`);
  if (scope?.commonContentTypes?.length) {
    parts.push(sql`sd.common_contenttype in (${sql.join(scope.commonContentTypes)})`);
  }
  return parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` or `)})`;
}

export async function runIndexSearch(
  db: Kysely<Database>,
  dialect: IndexDialect,
  { request, query, now }: IndexSearchRequest,
): Promise<IndexSearchRows> {
  const hasText = query.clauses.length > 0;
  const match = hasText ? dialect.textMatch(query) : undefined;
  const from = match?.from ?? dialect.fields;
  const common: RawBuilder<unknown>[] = [scopeCondition(request.scope)];
  if (match) common.push(match.where);
  for (const notFilter of request.notFilters) {
    common.push(
      LIST_FIELDS.has(notFilter.field)
        ? sql`not ${dialect.listContainsAny(column(notFilter.field), [notFilter.value])}`
        : sql`(${column(notFilter.field)} is null or ${column(notFilter.field)} <> ${notFilter.value})`,
    );
  }
  if (request.dateRange) {
    const date = column(request.dateRange.field);
    if (request.dateRange.from !== undefined)
      common.push(sql`${date} >= ${request.dateRange.from}`);
    if (request.dateRange.to !== undefined) common.push(sql`${date} <= ${request.dateRange.to}`);
  }
  const filterConditions: RawBuilder<unknown>[] = [];
  for (const filter of request.filters) {
    if (filter.values.length === 0) continue;
    filterConditions.push(
      LIST_FIELDS.has(filter.field)
        ? dialect.listContainsAny(column(filter.field), filter.values)
        : sql`${column(filter.field)} in (${sql.join(filter.values)})`,
    );
  }
  const where = () => sql.join([...common, ...filterConditions], sql` and `);

  const date = sql`coalesce(sd.sfcreateddate, sd.updated_at)`;
  const exactTitle = request.text.trim().toLowerCase();
  const score = sql`(${match?.relevance ?? sql`1.0`})
    * (case when sd.region = ${request.region ?? ''} then ${sql.lit(MATCHING_REGION_BOOST)} else 1.0 end)
    * (case when sd.common_contenttype in (${sql.join(DISCUSSION_CONTENT_TYPES)})
        then ${sql.lit(FRESHNESS_FLOOR)} + ${sql.lit(FRESHNESS_RANGE)} * exp(-abs(${dialect.ageInDays(date, now)}) / ${sql.lit(FRESHNESS_DAYS)})
        else 1.0 end)`;
  const order =
    request.sort === 'date'
      ? sql`${date} desc, sd.unique_id`
      : // An item whose title is exactly the query comes first, whatever the text ranking says:
        // each dialect's ranking can favour a short document that repeats the words.
        sql`(case when lower(sd.title) = ${exactTitle} then 0 else 1 end), search_score desc, ${date} desc, sd.unique_id`;

  // One pass groups the matches by their facet values; totals and facet counts follow from
  // the groups without another pass over the matches.
  const grouped = await sql<Record<FacetField, string | null> & { group_count: number | string }>`
    select ${sql.join(FACET_FIELDS.map((field) => column(field)))}, count(*) as group_count
    from ${from} where ${sql.join(common, sql` and `)}
    group by ${sql.join(FACET_FIELDS.map((field) => column(field)))}`.execute(db);
  const { total, facets } = countFacets(
    grouped.rows.map((row) => ({ values: row, count: Number(row.group_count) })),
    request.filters,
    request.facets,
  );
  const ranked =
    total <= request.offset || request.limit <= 0
      ? []
      : (
          await sql<{ unique_id: string; search_score: number }>`
            select sd.unique_id, ${score} as search_score from ${from} where ${where()}
            order by ${order} limit ${request.limit} offset ${request.offset}`.execute(db)
        ).rows;
  const documents = new Map(
    ranked.length === 0
      ? []
      : (
          await db
            .selectFrom('search_document')
            .selectAll()
            .where(
              'unique_id',
              'in',
              ranked.map((row) => row.unique_id),
            )
            .execute()
        ).map((document) => [document.unique_id, document]),
  );
  return {
    total,
    hits: ranked.flatMap((row) => {
      const document = documents.get(row.unique_id);
      return document ? [{ document, score: Number(row.search_score) }] : [];
    }),
    facets,
  };
}
