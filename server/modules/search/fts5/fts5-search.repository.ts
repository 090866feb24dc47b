import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  ANSWERED_BOOST,
  BEST_ANSWER_BOOST,
  DISCUSSION_CONTENT_TYPE,
  DISCUSSION_OBJECT_TYPE,
  FRESHNESS_DAYS,
  FRESHNESS_FLOOR,
  FRESHNESS_RANGE,
  ftsAnyGroup,
  ftsCandidateTiers,
  ftsGroup,
  ftsNearGroups,
  ftsNegated,
  MATCHING_REGION_BOOST,
  OTHER_REGION_FACTOR,
  RANKED_CANDIDATES,
  UNDATED_DAYS,
  type RelevancePlan,
} from '~core/search';
import type {
  IndexCandidate,
  IndexRows,
  RankingInput,
  ScoredPage,
} from '../ranked-search-engine.ts';
import type { EngineQuery, FacetCount, FacetField } from '../search-engine.ts';
import { scopeCondition } from '../scope-condition.repository.ts';
import { HIGHLIGHT_CLOSE, HIGHLIGHT_OPEN, type MarkedTexts } from '../highlighted-hit.ts';
import { LIST_FACET_FIELDS, tallyFacet } from '../facet-values.ts';
import type { SearchTables } from '../search.tables.ts';

/*
 * Search on SQLite's FTS5 alone (migration 0006): search_fts matches and ranks the stemmed
 * words of title, excerpt, body and headings with bm25, and search_document_fields holds each document's
 * facet and filter fields in ordinary columns, so filters and facet counts are SQL. The matches
 * of one search are ranked into a scratch table of the connection, which the total, the facets
 * and the page then read, so the full-text index is read once per search.
 */

// bm25 column weights: title, excerpt, body, headings (migration 0045). A heading's words are in
// the body too, so a word in a heading counts 5 + 1.
const BM25_WEIGHTS = sql`10.0, 3.0, 1.0, 5.0`;
const SNIPPET_TOKENS = 32;

// The scratch table is read first (cross join): SQLite knows nothing of its size and would
// otherwise scan every document's fields for the few hundred it holds.
const MATCHES = sql.raw('temp.search_fts_matches');
const CREATE_MATCHES = sql`create temp table if not exists search_fts_matches (
  document_rowid integer primary key, score real not null, exact_title integer not null)`;

// Whether candidate c matches an expression. Its matches are listed once for all candidates:
// seeking each candidate in them costs more, most for a beginning without a prefix index.
const matchesRow = (expression: string) =>
  sql`c.rowid in (select rowid from search_fts where search_fts match ${expression})`;

/**
 * Which groups a candidate matches, as bits, in all its text or in its title. A candidate of a
 * tier whose pages have every group there has them all: its groups' matches are listed only
 * for the other candidates, and not at all when there are none (SQLite lists a subquery's rows
 * the first time it is asked).
 */
function matchMask(plan: RelevancePlan, where: 'text' | 'title'): RawBuilder<number> {
  const parts = plan.groups.map((group, index) => {
    const expression = where === 'title' ? `{title} : ${ftsGroup(group)}` : ftsGroup(group);
    return sql`(case when ${matchesRow(expression)} then ${2 ** index} else 0 end)`;
  });
  const every = 2 ** plan.groups.length - 1;
  const known = where === 'title' ? sql`c.every_group = 'title'` : sql`c.every_group is not null`;
  return sql<number>`(case when ${known} then ${every} else (${sql.join(parts, sql` + `)}) end)`;
}

const documentDate = sql`coalesce(sd.sfcreateddate, sd.updated_at)`;

/**
 * The ranking signals that are not the text (core/search signalFactor), in SQL: a search with
 * no words lists every page in scope in this order, too many to read into the process.
 */
function signals(request: EngineQuery, now: string): RawBuilder<number> {
  const discussion = sql`(sd.common_contenttype = ${DISCUSSION_CONTENT_TYPE} or sd.objecttype = ${DISCUSSION_OBJECT_TYPE})`;
  const region = request.region ?? '';
  return sql<number>`(case when sd.region is null or ${region} = '' then 1.0
      when sd.region = ${region} then ${MATCHING_REGION_BOOST} else ${OTHER_REGION_FACTOR} end)
    * (case when ${discussion} then
        (${FRESHNESS_FLOOR} + ${FRESHNESS_RANGE} * exp(-abs(julianday(${now}) - coalesce(julianday(${documentDate}), julianday(${now}) - ${UNDATED_DAYS})) / ${FRESHNESS_DAYS}))
        * (case when sd.sfbestcommentid is not null then ${BEST_ANSWER_BOOST}
            when coalesce(sd.sfcommentcount, 0) > 0 then ${ANSWERED_BOOST} else 1.0 end)
      else 1.0 end)`;
}

/** Scope and NOT clauses: what a search's candidates are chosen within. */
function conditions(request: Pick<EngineQuery, 'scope' | 'notFilters'>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [scopeCondition(request.scope)];
  for (const { field, value } of request.notFilters) {
    parts.push(
      field === 'sfcoreproductc' || field === 'sfaudiencec'
        ? sql`not exists (select 1 from json_each(${listOf(field)}) where value = ${value})`
        : sql`${sql.ref(`sd.${field}`)} is not ${value}`,
    );
  }
  return sql.join(parts, sql` and `);
}

// A list field's stored JSON, or an empty list when it is not JSON.
function listOf(field: FacetField): RawBuilder<unknown> {
  const column = sql.ref(`sd.${field}`);
  return sql`(case when json_valid(${column}) then ${column} else '[]' end)`;
}

function filterCondition(filter: EngineQuery['filters'][number]): RawBuilder<unknown> {
  if (filter.values.length === 0) return sql`1 = 1`;
  return LIST_FACET_FIELDS.has(filter.field)
    ? sql`exists (select 1 from json_each(${listOf(filter.field)}) where value in (${sql.join(filter.values)}))`
    : sql`${sql.ref(`sd.${filter.field}`)} in (${sql.join(filter.values)})`;
}

/**
 * The facet filters but `field`'s, and the date range: what narrows a search's candidates, so
 * that each facet's count is what choosing its value shows (the date facet's ranges too).
 */
function filtersExcept(request: EngineQuery, field?: FacetField): RawBuilder<unknown> {
  const parts = request.filters.filter((filter) => filter.field !== field).map(filterCondition);
  const range = request.dateRange;
  if (range?.from !== undefined) parts.push(sql`${sql.ref(`sd.${range.field}`)} >= ${range.from}`);
  if (range?.to !== undefined) parts.push(sql`${sql.ref(`sd.${range.field}`)} <= ${range.to}`);
  return parts.length === 0 ? sql`1 = 1` : sql.join(parts, sql` and `);
}

/**
 * A search's candidates: its best pages by bm25 within the scope and NOT clauses, with the
 * groups each matches in all its text and in its title, and whether the words stand close.
 */
export async function rankCandidates(
  db: Kysely<SearchTables>,
  request: Pick<EngineQuery, 'scope' | 'notFilters'>,
  ranking: RankingInput,
): Promise<IndexCandidate[]> {
  const { plan } = ranking;
  const any = ftsAnyGroup(plan);
  if (any === undefined) return [];
  const chosen: { rowid: number; relevance: number; everyGroup: string | null }[] = [];
  for (const tier of ftsCandidateTiers(plan)) {
    // The unary + keeps SQLite from seeking each tier row in the ranked match (seconds at
    // 100k documents): the tier's and the chosen rows are listed once and looked up instead.
    // The tier's own are listed first, so a tier with none (no title has every word) costs
    // no pass over the pages it would rank.
    let within = sql``;
    if (tier.within !== undefined) {
      const listed = await sql<{ rowid: number }>`
        select rowid from search_fts where search_fts match ${tier.within}`.execute(db);
      if (listed.rows.length === 0) continue;
      within = sql`and +search_fts.rowid in (select value from json_each(${JSON.stringify(listed.rows.map((row) => row.rowid))}))`;
    }
    const rows = await sql<{ rowid: number; relevance: number }>`
      select search_fts.rowid, -bm25(search_fts, ${BM25_WEIGHTS}) as relevance
      from search_fts join search_document_fields sd on sd.document_rowid = search_fts.rowid
      where search_fts match ${tier.match} ${within} and ${conditions(request)}
        and +search_fts.rowid not in (select value from json_each(${JSON.stringify(chosen.map((row) => row.rowid))}))
      order by relevance desc limit ${RANKED_CANDIDATES - chosen.length}`.execute(db);
    chosen.push(...rows.rows.map((row) => ({ ...row, everyGroup: tier.everyGroup ?? null })));
    if (chosen.length >= RANKED_CANDIDATES) break;
  }
  if (chosen.length === 0) return [];
  const nearWords = ftsNearGroups(plan);
  const near = nearWords ? sql`(case when ${matchesRow(nearWords)} then 1 else 0 end)` : sql`0`;
  const rows = await sql<{
    rowid: number;
    all_mask: number;
    title_mask: number;
    near: number;
    title: string;
    region: string | null;
    objecttype: string | null;
    common_contenttype: string | null;
    date: string | null;
    best_answer: number;
    answers: number;
  }>`
    select c.rowid, ${matchMask(plan, 'text')} as all_mask, ${matchMask(plan, 'title')} as title_mask,
      ${near} as near, sd.title, sd.region, sd.objecttype, sd.common_contenttype,
      ${documentDate} as date, sd.sfbestcommentid is not null as best_answer,
      coalesce(sd.sfcommentcount, 0) as answers
    from (select value ->> 0 as rowid, value ->> 1 as every_group
      from json_each(${JSON.stringify(chosen.map((row) => [row.rowid, row.everyGroup]))})) c
    cross join search_document_fields sd on sd.document_rowid = c.rowid`.execute(db);
  const fields = new Map(rows.rows.map((row) => [Number(row.rowid), row]));
  return chosen.flatMap(({ rowid, relevance }) => {
    const row = fields.get(Number(rowid));
    if (row === undefined) return [];
    return [
      {
        key: Number(rowid),
        relevance: Number(relevance),
        allMask: Number(row.all_mask),
        titleMask: Number(row.title_mask),
        near: Number(row.near) === 1,
        title: row.title,
        region: row.region,
        objecttype: row.objecttype,
        commonContentType: row.common_contenttype,
        date: row.date,
        bestAnswer: Number(row.best_answer) === 1,
        answers: Number(row.answers),
      },
    ];
  });
}

/**
 * One search: its candidates (or, with no words to rank, every page in scope) scored into the
 * scratch table, then the total, the facets (each counted without its own filter) and the
 * page, all on one connection.
 */
export async function runFts5Search(
  db: Kysely<SearchTables>,
  request: EngineQuery,
  /** The scored candidates; undefined when there are no words to rank by. */
  scored: readonly ScoredPage[] | undefined,
  now: string,
  /** Without words to rank by: the plan whose negated clauses leave pages out. */
  negated?: RelevancePlan,
): Promise<IndexRows> {
  const excluding = negated && ftsNegated(negated);
  return db.connection().execute(async (connection) => {
    await CREATE_MATCHES.execute(connection);
    await sql`delete from ${MATCHES}`.execute(connection);
    if (scored === undefined) {
      await sql`insert into ${MATCHES} (document_rowid, score, exact_title)
        select sd.document_rowid, ${signals(request, now)}, 0
        from search_document_fields sd where ${conditions(request)}
          ${excluding === undefined ? sql`` : sql`and sd.document_rowid not in (select rowid from search_fts where search_fts match ${excluding})`}`.execute(
        connection,
      );
    } else if (scored.length > 0) {
      await sql`insert into ${MATCHES} (document_rowid, score, exact_title)
        select value ->> 0, value ->> 1, value ->> 2 from json_each(${JSON.stringify(
          scored.map((page) => [page.key, page.score, page.exactTitle ? 1 : 0]),
        )})`.execute(connection);
    }
    const total = await sql<{ total: number }>`
      select count(*) as total from ${MATCHES} m
      cross join search_document_fields sd on sd.document_rowid = m.document_rowid
      where ${filtersExcept(request)}`.execute(connection);
    const order =
      request.sort === 'date'
        ? sql`${documentDate} desc, sd.unique_id`
        : sql`m.exact_title desc, m.score desc, ${documentDate} desc, sd.unique_id`;
    const page =
      request.limit === 0
        ? { rows: [] }
        : await sql<{ rowid: number; unique_id: string; score: number }>`
          select m.document_rowid as rowid, sd.unique_id, m.score from ${MATCHES} m
          cross join search_document_fields sd on sd.document_rowid = m.document_rowid
          where ${filtersExcept(request)}
          order by ${order}
          limit ${request.limit} offset ${request.offset}`.execute(connection);
    const facets: FacetCount[] = [];
    for (const field of request.facets) {
      // Documents share a few value lists: counted per stored list in SQL, then per value.
      const counts = await sql<{ stored: string | null; count: number }>`
        select ${sql.ref(`sd.${field}`)} as stored, count(*) as count from ${MATCHES} m
        cross join search_document_fields sd on sd.document_rowid = m.document_rowid
        where ${filtersExcept(request, field)}
        group by ${sql.ref(`sd.${field}`)}`.execute(connection);
      facets.push(tallyFacet(field, counts.rows));
    }
    // The date facet's ranges, counted in one pass over the same matches.
    const ranges = request.rangeCounts ?? [];
    const rangeRow =
      ranges.length === 0
        ? undefined
        : (
            await sql<Record<string, number>>`
              select ${sql.join(
                ranges.map(
                  (range, at) =>
                    sql`count(*) filter (where ${filtersExcept({ ...request, dateRange: range })}) as ${sql.ref(`range_${at}`)}`,
                ),
              )}
              from ${MATCHES} m
              cross join search_document_fields sd on sd.document_rowid = m.document_rowid`.execute(
              connection,
            )
          ).rows[0];
    const rangeTotals = ranges.map((_, at) => Number(rangeRow?.[`range_${at}`] ?? 0));
    await sql`delete from ${MATCHES}`.execute(connection);
    return {
      total: Number(total.rows[0]?.total ?? 0),
      page: page.rows.map((row) => ({
        key: Number(row.rowid),
        uniqueId: row.unique_id,
        score: Number(row.score),
      })),
      facets,
      rangeTotals,
    };
  });
}

/** Documents in search_fts and the documents matching each expression, for group weights. */
export async function countMatches(
  db: Kysely<SearchTables>,
  expressions: readonly string[],
): Promise<{ documents: number; matching: number[] }> {
  const documents = await sql<{ count: number }>`
    select count(*) as count from search_document_fields`.execute(db);
  const matching: number[] = [];
  for (const expression of expressions) {
    const row = await sql<{ count: number }>`
      select count(*) as count from search_fts where search_fts match ${expression}`.execute(db);
    matching.push(Number(row.rows[0]?.count ?? 0));
  }
  return { documents: Number(documents.rows[0]?.count ?? 0), matching };
}

/** The page's title, excerpt and the body around the matches, with the matches marked. */
export async function markedTexts(
  db: Kysely<SearchTables>,
  expression: string,
  rowids: readonly number[],
): Promise<Map<number, MarkedTexts>> {
  const texts = new Map<number, MarkedTexts>();
  if (rowids.length === 0) return texts;
  const rows = await sql<MarkedTexts & { rowid: number }>`
    select rowid,
      highlight(search_fts, 0, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as title,
      snippet(search_fts, 2, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}, '…', ${SNIPPET_TOKENS}) as body,
      highlight(search_fts, 1, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as excerpt
    from search_fts
    where search_fts match ${expression}
      and rowid in (select value from json_each(${JSON.stringify(rowids)}))`.execute(db);
  for (const row of rows.rows) texts.set(Number(row.rowid), row);
  return texts;
}
