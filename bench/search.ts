// Search and suggestion latency over a synthetic help-centre corpus of 10k and 100k documents,
// on a temporary SQLite file and, when TEST_DATABASE_URL is set, a scratch PostgreSQL schema.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { sql } from 'kysely';
import { SEARCH_PROVIDERS, type SearchDialect, type SearchProviderName } from '~core/search';
import { createSearchProvider, optimizeSearchIndex } from '~server/modules/search';
import { plainWords } from './relevance.ts';
import {
  engineQuery,
  fill,
  QUERIES,
  readContentText,
  TYPED,
  type ContentText,
} from './search-corpus.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
// BENCH_DIALECTS=postgres measures PostgreSQL alone (its 1M documents, say).
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const SEARCH_RUNS = Number(process.env.BENCH_RUNS ?? 400);
const SUGGEST_RUNS = SEARCH_RUNS;
const BUDGET = { search: 10, suggest: 5 };

async function time(runs: number, task: (run: number) => Promise<unknown>): Promise<number[]> {
  for (let run = 0; run < Math.min(runs, 50); run += 1) await task(run);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await task(run);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function line(label: string, sorted: number[], budget?: number): string {
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(2));
  const verdict =
    budget === undefined ? '' : `${Number(p95) <= budget ? 'met' : 'MISSED'} (p95 ≤ ${budget} ms)`;
  return `${label.padEnd(34)} ${p50!.padStart(8)} ${p95!.padStart(8)} ${p99!.padStart(8)}  ${verdict}`;
}

async function measure(
  dialect: SearchDialect,
  size: number,
  database: PortalDatabase,
  text: ContentText,
): Promise<void> {
  await migrateToLatest(database);
  const idle = residentMegabytes();
  const filling = performance.now();
  await fill(database, text, size);
  const fillSeconds = ((performance.now() - filling) / 1000).toFixed(1);
  // As the content import and the learning sync do after writing many documents.
  const optimizing = performance.now();
  await optimizeSearchIndex(database.db);
  const optimizeSeconds = ((performance.now() - optimizing) / 1000).toFixed(1);
  console.log(
    `\n${dialect}, ${size.toLocaleString('en')} documents (indexed in ${fillSeconds} s, index optimized in ${optimizeSeconds} s)`,
  );
  if (dialect === 'sqlite') await reportIndexSize(database);
  for (const provider of SEARCH_PROVIDERS[dialect]) {
    await measureProvider(dialect, size, database, provider);
  }
  if (dialect === 'sqlite') await measurePlainFts5(database);
  if (dialect === 'postgres') await measurePlainPostgres(database);
  const after = residentMegabytes();
  const grown = (key: keyof Resident) => (after[key] - idle[key]).toFixed(0);
  console.log(
    `resident memory above the state before filling: +${grown('total')} MB, of which +${grown('file')} MB file pages (SQLite's memory-mapped database, which the system can drop and read again) and +${grown('anonymous')} MB the process's own (budget +150 MB on SQLite at 100k)`,
  );
}

interface Resident {
  total: number;
  anonymous: number;
  file: number;
}

/**
 * The process's resident memory in MB after a full collection when `--expose-gc` allows one,
 * split as Linux counts it (/proc/self/status): anonymous memory and file-backed pages.
 */
function residentMegabytes(): Resident {
  (globalThis as { gc?: () => void }).gc?.();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  const megabytes = (field: string) => kilobytes(field) / 1024;
  return { total: megabytes('VmRSS'), anonymous: megabytes('RssAnon'), file: megabytes('RssFile') };
}

// The portal's full-text structures on SQLite: the FTS5 tables' shadow tables; beside them, the
// narrow copy of the filter and facet fields (migration 0006). search_document itself is the
// text they index.
const PORTAL_INDEX = /^(search_fts|search_words|search_titles)(_|$)/;
const FIELDS_COPY = /^search_document_fields$/;
const PLAIN_INDEX = /^plain_fts_(data|idx|docsize|config)$/;

/**
 * The index against the baseline (at most 1.5 times): one plain FTS5 table of the same
 * titles, excerpts and bodies, optimized as the portal's are. Both without their copy of the
 * text (plain_fts_content), which the portal keeps in search_document instead. The table stays
 * for measurePlainFts5.
 */
async function reportIndexSize(database: PortalDatabase): Promise<void> {
  const { db } = database;
  await sql`create virtual table plain_fts using fts5(title, excerpt, body_text)`.execute(db);
  await sql`insert into plain_fts (rowid, title, excerpt, body_text)
    select rowid, title, excerpt, body_text from search_document`.execute(db);
  await sql`insert into plain_fts (plain_fts) values ('optimize')`.execute(db);
  const { rows } = await sql<{ name: string; bytes: number }>`
    select name, sum(pgsize) as bytes from dbstat group by name`.execute(db);
  const sum = (pattern: RegExp) =>
    rows.filter((row) => pattern.test(row.name)).reduce((total, row) => total + row.bytes, 0);
  const portal = sum(PORTAL_INDEX);
  const fields = sum(FIELDS_COPY);
  const plain = sum(PLAIN_INDEX);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `index size: portal full-text ${mb(portal)} MB, plain FTS5 ${mb(plain)} MB: ${(portal / plain).toFixed(2)}x (budget 1.5x); with the fields copy (${mb(fields)} MB) ${((portal + fields) / plain).toFixed(2)}x`,
  );
  if (process.env.BENCH_INDEX_DETAIL) {
    const shown = [PORTAL_INDEX, FIELDS_COPY, PLAIN_INDEX];
    for (const row of rows.filter((row) => shown.some((pattern) => pattern.test(row.name))))
      console.log(`  ${row.name.padEnd(32)} ${mb(row.bytes)} MB`);
  }
}

/**
 * The floor under the portal's search on this corpus: the plainest FTS5 search, the issue's
 * relevance baseline (the query's words joined by OR, bm25 with the title weighted 5), its ten
 * best, on the plain table reportIndexSize built. No filters, facets, tiers or highlights.
 */
async function measurePlainFts5(database: PortalDatabase): Promise<void> {
  const { db } = database;
  const expression = (text: string) =>
    plainWords(text)
      .map((word) => `"${word}"`)
      .join(' OR ');
  const plain = await time(SEARCH_RUNS, (run) =>
    sql`select rowid from plain_fts where plain_fts match ${expression(QUERIES[run % QUERIES.length]!)}
      order by bm25(plain_fts, 5.0, 1.0, 1.0) limit 10`.execute(db),
  );
  console.log(line('plain FTS5 bm25 (OR), ten best', plain));
  await sql`drop table plain_fts`.execute(db);
}

/**
 * The same floor on PostgreSQL, over the portal's own weighted vectors and their GIN index: the
 * query's words joined by OR, ranked by ts_rank_cd, the ten best.
 */
async function measurePlainPostgres(database: PortalDatabase): Promise<void> {
  const plain = await time(SEARCH_RUNS, (run) => {
    const query = plainWords(QUERIES[run % QUERIES.length]!).join(' | ');
    return sql`select unique_id from search_index, to_tsquery('english', ${query}) as query
      where document_vector @@ query
      order by ts_rank_cd(document_vector, query) desc limit 10`.execute(database.db);
  });
  console.log(line('plain ts_rank_cd (OR), ten best', plain));
}

async function measureProvider(
  dialect: SearchDialect,
  size: number,
  database: PortalDatabase,
  provider: SearchProviderName,
): Promise<void> {
  const engine = createSearchProvider(database, { searchProvider: provider });
  for (const [index, text] of QUERIES.entries()) {
    if (index % 2 === 0) await engine.recordQuery({ hub: 'LL_GlobalSearch', text, resultCount: 5 });
  }
  const budgets = dialect === 'sqlite' && size >= 100_000;
  // A new provider each time: nothing known of the words or candidates, as after a write.
  const computed = await time(SEARCH_RUNS, (run) =>
    createSearchProvider(database, { searchProvider: provider }).search(
      engineQuery(QUERIES[run % QUERIES.length]!, run),
    ),
  );
  // The same requests again: their words' weights and candidates are known until the next write.
  for (let run = 0; run < SEARCH_RUNS; run += 1) {
    await engine.search(engineQuery(QUERIES[run % QUERIES.length]!, run));
  }
  const repeated = await time(SEARCH_RUNS, (run) =>
    engine.search(engineQuery(QUERIES[run % QUERIES.length]!, run)),
  );
  const suggestions = await time(SUGGEST_RUNS, (run) =>
    engine.suggest({ text: TYPED[run % TYPED.length]!, hub: 'LL_GlobalSearch', limit: 5 }),
  );
  console.log(
    `SEARCH_PROVIDER=${provider.padEnd(18)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  console.log(
    line('search, every request computed', computed, budgets ? BUDGET.search : undefined),
  );
  console.log(line('search, repeated request (cached)', repeated));
  console.log(line('suggestions (5)', suggestions, budgets ? BUDGET.suggest : undefined));
}

console.log(
  `Search benchmark: ${SEARCH_RUNS} searches and ${SUGGEST_RUNS} suggestion requests per corpus`,
);
const contentText = await readContentText();
for (const size of SIZES) {
  if (DIALECTS.includes('sqlite')) {
    const directory = await mkdtemp(join(tmpdir(), 'portal-bench-search-'));
    const database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
    try {
      await measure('sqlite', size, database, contentText);
    } finally {
      await database.close();
      await rm(directory, { recursive: true, force: true });
    }
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url && DIALECTS.includes('postgres')) {
    const schema = `bench_${randomBytes(6).toString('hex')}`;
    const postgres = await createDatabase(url, { schema });
    try {
      await measure('postgres', size, postgres, contentText);
    } finally {
      await postgres.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await postgres.close();
    }
  }
}
