import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  RANKED_CANDIDATES,
  saturatedCoverDensity,
  signalFactor,
  STOP_WORDS,
  tsAnyGroup,
  tsCandidateTiers,
  tsEstimatedTerms,
  tsGroup,
  tsNegated,
  type RelevancePlan,
} from '~core/search';
import { scopeCondition } from '../scope-condition.repository.ts';
import { LIST_FACET_FIELDS, tallyFacet } from '../facet-values.ts';
import type {
  IndexCandidate,
  IndexRows,
  RankingInput,
  ScoredPage,
} from '../ranked-search-engine.ts';
import type { EngineQuery, FacetCount, FacetField } from '../search-engine.ts';
import type { SearchTables } from '../search.tables.ts';

/*
 * Search on PostgreSQL's full-text search (migration 0006): search_index holds each document's
 * tsvector, weighted title A, excerpt B, body C, headings D, under a GIN index; the filter and facet fields
 * are ordinary columns of search_document. Candidates are ranked by ts_rank_cd, whose cover
 * density also rewards the query's words standing close together.
 */

// ts_rank_cd weights in the order D, C, B, A: headings (D, migration 0045) 0.5, body (C) 0.1,
// excerpt (B) 0.3, title (A) 1. A heading's words are in the body too.
const RANK_WEIGHTS = sql`'{0.5, 0.1, 0.3, 1.0}'::float4[]`;
// Rank divided by 1 + the logarithm of the document's length: a long catch-all page that
// mentions every word does not win by length alone.
const LENGTH_NORMALISATION = 1;

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;

/**
 * Where a plan's words are looked for. The english configuration leaves stop words out of the
 * documents' vectors, so a query of stop words alone ("how to") is looked for in the titles'
 * words as written, where they are kept: stop words never make a search fail.
 */
function searchedText(plan: RelevancePlan) {
  const stopWordsOnly = plan.groups.every((group) =>
    group.typed.every((word) => STOP_WORDS.has(word)),
  );
  return stopWordsOnly
    ? { vector: sql`si.title_words`, query: (text: string) => sql`to_tsquery('simple', ${text})` }
    : { vector: sql`si.document_vector`, query: tsquery };
}
const documentDate = sql`coalesce(sd.sfcreateddate, sd.updated_at)`;

// A list field's stored JSON as jsonb, or an empty list when it is not a JSON list.
function listOf(field: FacetField): RawBuilder<unknown> {
  const column = sql.ref(`sd.${field}`);
  return sql`(case when ${column} ~ '^\\s*\\[.*\\]\\s*$' then ${column}::jsonb else '[]'::jsonb end)`;
}

/** Scope and NOT clauses: what a search's candidates are chosen within. */
function conditions(request: Pick<EngineQuery, 'scope' | 'notFilters'>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [scopeCondition(request.scope)];
  for (const { field, value } of request.notFilters) {
    parts.push(
      LIST_FACET_FIELDS.has(field as FacetField)
        ? sql`not (${listOf(field as FacetField)} ? ${value})`
        : sql`${sql.ref(`sd.${field}`)} is distinct from ${value}`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The facet filters but `field`'s, and the date range (fts5-search.repository filtersExcept). */
function filtersExcept(request: EngineQuery, field?: FacetField): RawBuilder<unknown> {
  const parts = request.filters
    .filter((filter) => filter.field !== field && filter.values.length > 0)
    .map((filter) =>
      LIST_FACET_FIELDS.has(filter.field)
        ? sql`${listOf(filter.field)} ?| ${sql.val(filter.values)}::text[]`
        : sql`${sql.ref(`sd.${filter.field}`)} = any(${sql.val(filter.values)}::text[])`,
    );
  const range = request.dateRange;
  if (range?.from !== undefined) parts.push(sql`${sql.ref(`sd.${range.field}`)} >= ${range.from}`);
  if (range?.to !== undefined) parts.push(sql`${sql.ref(`sd.${range.field}`)} <= ${range.to}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

interface PageFields {
  unique_id: string;
  title: string;
  region: string | null;
  objecttype: string | null;
  common_contenttype: string | null;
  date: string | null;
  best_answer: boolean;
  answers: number;
}

const fieldsOf = sql`sd.unique_id, sd.title, sd.region, sd.objecttype, sd.common_contenttype,
  ${documentDate} as date, sd.sfbestcommentid is not null as best_answer,
  coalesce(sd.sfcommentcount, 0) as answers`;

const pageOf = (row: PageFields) => ({
  title: row.title,
  region: row.region,
  objecttype: row.objecttype,
  commonContentType: row.common_contenttype,
  date: row.date,
  bestAnswer: row.best_answer,
  answers: Number(row.answers),
});

interface Ranked {
  key: string;
  relevance: number;
}

/** One tier of a search's candidates: its pages' rank, which pages, in what scope, how many. */
interface TierQuery {
  relevance: RawBuilder<unknown>;
  matching: RawBuilder<unknown>;
  conditions: RawBuilder<unknown>;
  wanted: number;
}

// Pages ranked before the scope is checked, for a tier whose scope leaves out few pages.
const RANKED_FIRST = 2 * RANKED_CANDIDATES;

/**
 * The tier's best pages among those in scope: for a scope of some object or content types. The
 * pages are joined with their scope before they are sorted (`offset 0` keeps the planner from
 * sorting the matches first, with their vectors, and checking the scope after): a top-N sort
 * in memory, 689 → 437 ms for a question in one content type at 1M pages (docs/search.md).
 */
async function rankedWithin(db: Kysely<SearchTables>, tier: TierQuery): Promise<Ranked[]> {
  const rows = await sql<Ranked>`
    select key, relevance from (
      select si.unique_id as key, ${tier.relevance} as relevance
      from search_index si join search_document sd on sd.unique_id = si.unique_id
      where ${tier.matching} and ${tier.conditions}
      offset 0) in_scope
    order by relevance desc, key limit ${tier.wanted}`.execute(db);
  return rows.rows;
}

/**
 * The tier's best pages ranked on the index alone, then checked against the scope: the sort
 * keeps only the best few (a top-N sort in memory) instead of ordering every match with its
 * vector, which spilled to disk from 100k pages (docs/search.md, "Plans"). Undefined when the
 * scope (pages hidden from the visitor) left fewer than wanted of a tier that has more.
 */
async function rankedFirst(
  db: Kysely<SearchTables>,
  tier: TierQuery,
): Promise<Ranked[] | undefined> {
  const rows = await sql<{ ranked: string; key: string | null; relevance: number | null }>`
    with ranked as materialized (
      select si.unique_id as key, ${tier.relevance} as relevance from search_index si
      where ${tier.matching}
      order by relevance desc, si.unique_id limit ${RANKED_FIRST})
    select counted.ranked, kept.key, kept.relevance
    from (select count(*) as ranked from ranked) counted
    left join lateral (
      select r.key, r.relevance from ranked r join search_document sd on sd.unique_id = r.key
      where ${tier.conditions}
      order by r.relevance desc, r.key limit ${tier.wanted}) kept on true`.execute(db);
  const kept = rows.rows.flatMap((row) =>
    row.key === null ? [] : [{ key: row.key, relevance: Number(row.relevance) }],
  );
  const exhausted = Number(rows.rows[0]?.ranked ?? 0) < RANKED_FIRST;
  return kept.length >= tier.wanted || exhausted ? kept : undefined;
}

/** A search's candidates: its best pages by ts_rank_cd, tier by tier (core/search tsquery). */
export async function rankPostgresCandidates(
  db: Kysely<SearchTables>,
  request: Pick<EngineQuery, 'scope' | 'notFilters'>,
  { plan }: RankingInput,
): Promise<IndexCandidate[]> {
  const any = tsAnyGroup(plan);
  if (any === undefined) return [];
  const { vector, query } = searchedText(plan);
  const chosen: Ranked[] = [];
  const narrowed = Boolean(
    request.scope.objecttypes?.length || request.scope.commonContentTypes?.length,
  );
  for (const tier of tsCandidateTiers(plan)) {
    const tierQuery: TierQuery = {
      relevance: sql`ts_rank_cd(${RANK_WEIGHTS}, ${vector}, ${query(any)}, ${LENGTH_NORMALISATION})`,
      matching: sql`${vector} @@ ${query(tier)}
        and not (si.unique_id = any(${sql.val(chosen.map((row) => row.key))}::text[]))`,
      conditions: conditions(request),
      wanted: RANKED_CANDIDATES - chosen.length,
    };
    const rows = narrowed
      ? await rankedWithin(db, tierQuery)
      : ((await rankedFirst(db, tierQuery)) ?? (await rankedWithin(db, tierQuery)));
    chosen.push(...rows);
    if (chosen.length >= RANKED_CANDIDATES) break;
  }
  if (chosen.length === 0) return [];
  const mask = (weight?: 'A') =>
    sql.join(
      plan.groups.map(
        (group, index) =>
          sql`(case when ${vector} @@ ${query(tsGroup(group, weight))} then ${2 ** index}::int else 0 end)`,
      ),
      sql` + `,
    );
  const rows = await sql<PageFields & { all_mask: number; title_mask: number }>`
    select ${fieldsOf}, ${mask()} as all_mask, ${mask('A')} as title_mask
    from search_index si join search_document sd on sd.unique_id = si.unique_id
    where si.unique_id = any(${sql.val(chosen.map((row) => row.key))}::text[])`.execute(db);
  const fields = new Map(rows.rows.map((row) => [row.unique_id, row]));
  return chosen.flatMap(({ key, relevance }) => {
    const row = fields.get(key);
    if (row === undefined) return [];
    return [
      {
        key,
        relevance: saturatedCoverDensity(Number(relevance)),
        allMask: Number(row.all_mask),
        titleMask: Number(row.title_mask),
        near: false,
        ...pageOf(row),
      },
    ];
  });
}

/**
 * With no words to rank by: the newest pages in scope (but those matching a negated word),
 * ordered by the signals alone, as a bounded set like a search's candidates.
 */
async function newestPages(
  db: Kysely<SearchTables>,
  request: EngineQuery,
  now: string,
  negated: RelevancePlan | undefined,
): Promise<ScoredPage[]> {
  const excluding = negated && tsNegated(negated);
  const rows = await sql<PageFields>`
    select ${fieldsOf} from search_document sd
    where ${conditions(request)}
      ${excluding === undefined ? sql`` : sql`and not exists (select 1 from search_index si where si.unique_id = sd.unique_id and si.document_vector @@ ${tsquery(excluding)})`}
    order by ${documentDate} desc nulls last, sd.unique_id
    limit ${RANKED_CANDIDATES}`.execute(db);
  const at = new Date(now);
  return rows.rows.map((row) => ({
    key: row.unique_id,
    score: signalFactor(pageOf(row), request.region, at),
    exactTitle: false,
  }));
}

/** The total, facets and page of a search over its scored pages, each a statement over them. */
export async function runPostgresSearch(
  db: Kysely<SearchTables>,
  request: EngineQuery,
  scored: readonly ScoredPage[] | undefined,
  now: string,
  negated?: RelevancePlan,
): Promise<IndexRows> {
  const pages = scored ?? (await newestPages(db, request, now, negated));
  const matches = sql`(select * from jsonb_to_recordset(${JSON.stringify(
    pages.map((page) => ({ key: page.key, score: page.score, exact_title: page.exactTitle })),
  )}::jsonb) as m(key text, score float8, exact_title boolean)) m
    join search_document sd on sd.unique_id = m.key`;
  const total = await sql<{ total: string }>`
    select count(*) as total from ${matches} where ${filtersExcept(request)}`.execute(db);
  const order =
    request.sort === 'date'
      ? sql`${documentDate} desc nulls last, sd.unique_id`
      : sql`m.exact_title desc, m.score desc, ${documentDate} desc nulls last, sd.unique_id`;
  const page =
    request.limit === 0
      ? { rows: [] }
      : await sql<{ unique_id: string; score: number }>`
        select sd.unique_id, m.score from ${matches}
        where ${filtersExcept(request)}
        order by ${order}
        limit ${request.limit} offset ${request.offset}`.execute(db);
  const facets: FacetCount[] = [];
  for (const field of request.facets) {
    const counts = await sql<{ stored: string | null; count: string }>`
      select ${sql.ref(`sd.${field}`)} as stored, count(*) as count from ${matches}
      where ${filtersExcept(request, field)}
      group by ${sql.ref(`sd.${field}`)}`.execute(db);
    facets.push(tallyFacet(field, counts.rows));
  }
  // The date facet's ranges, counted in one pass over the same matches.
  const ranges = request.rangeCounts ?? [];
  const rangeRow =
    ranges.length === 0
      ? undefined
      : (
          await sql<Record<string, string>>`
            select ${sql.join(
              ranges.map(
                (range, at) =>
                  sql`count(*) filter (where ${filtersExcept({ ...request, dateRange: range })}) as ${sql.ref(`range_${at}`)}`,
              ),
            )}
            from ${matches}`.execute(db)
        ).rows[0];
  const rangeTotals = ranges.map((_, at) => Number(rangeRow?.[`range_${at}`] ?? 0));
  return {
    total: Number(total.rows[0]?.total ?? 0),
    page: page.rows.map((row) => ({
      key: row.unique_id,
      uniqueId: row.unique_id,
      score: Number(row.score),
    })),
    facets,
    rangeTotals,
  };
}

// Below this many pages (as last analysed), a group's pages are counted exactly: cheap there, and
// what small portals and the relevance evaluation rank by. Above it the counts grow with the
// corpus (a bitmap scan of every matching page per group), so the planner's estimates stand in.
const EXACT_COUNTS_BELOW = 50_000;

/**
 * Documents in the index and the documents matching each tsquery, for group weights: exact on a
 * small index, the planner's estimates on a large one (its statistics of the vectors' lexemes
 * and the table's row count, kept by ANALYZE), which are close enough for a word's weight.
 */
export async function countPostgresMatches(
  db: Kysely<SearchTables>,
  expressions: readonly string[],
  exactBelow = EXACT_COUNTS_BELOW,
): Promise<{ documents: number; matching: number[] }> {
  const analysed = await sql<{ reltuples: number }>`
    select reltuples from pg_class where oid = to_regclass('search_index')`.execute(db);
  const estimated = Number(analysed.rows[0]?.reltuples ?? -1);
  // reltuples is -1 for a table never analysed.
  return estimated >= 0 && estimated >= exactBelow
    ? { documents: Math.round(estimated), matching: await estimateMatches(db, expressions) }
    : countMatchesExactly(db, expressions);
}

async function estimateMatches(db: Kysely<SearchTables>, expressions: readonly string[]) {
  if (expressions.length === 0) return [];
  const normalised = await sql<{ query: string }>`
    select to_tsquery('english', expression)::text as query
    from unnest(${sql.val([...expressions])}::text[]) with ordinality as given(expression, at)
    order by at`.execute(db);
  const matching: number[] = [];
  for (const { query } of normalised.rows) {
    const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      explain (format json) select 1 from search_index
      where document_vector @@ ${tsEstimatedTerms(query)}::tsquery`.execute(db);
    matching.push(Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
  }
  return matching;
}

async function countMatchesExactly(db: Kysely<SearchTables>, expressions: readonly string[]) {
  const documents = await sql<{ count: string }>`
    select count(*) as count from search_index`.execute(db);
  const matching: number[] = [];
  for (const expression of expressions) {
    const row = await sql<{ count: string }>`
      select count(*) as count from search_index
      where document_vector @@ ${tsquery(expression)}`.execute(db);
    matching.push(Number(row.rows[0]?.count ?? 0));
  }
  return { documents: Number(documents.rows[0]?.count ?? 0), matching };
}
