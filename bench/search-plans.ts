// `npm run bench:search-plans`: the PostgreSQL provider's statements for a few searches, each
// with its EXPLAIN (ANALYZE, BUFFERS) plan, over the synthetic corpus of bench/search-corpus.ts
// at each size of BENCH_SIZES (default 100000) in a scratch schema of TEST_DATABASE_URL. The
// statements are the ones the provider really sends (read off Kysely's query log), explained
// with their own parameters: those of a search computed afresh (a new provider, as after a
// write), explained after it ran, so PostgreSQL's own caches are warm. SEARCH_PLANS_KEEP=1 keeps each size's schema (search_plans_<size>) and reuses it.
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { PortalDatabase } from '~server/db/database.ts';
import type { Database } from '~server/db/schema.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { StorableTextPlugin } from '~server/db/storable-text.ts';
import { createSearchProvider, optimizeSearchIndex } from '~server/modules/search';
import { engineQuery, fill, readContentText } from './search-corpus.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('TEST_DATABASE_URL names the PostgreSQL database the plans are read in.');
  process.exit(1);
}
const SIZES = (process.env.BENCH_SIZES ?? '100000').split(',').map(Number);
const KEEP = process.env.SEARCH_PLANS_KEEP === '1';
// A question, two words with a misspelling's neighbour, and a misspelling: the three paths.
const SEARCHES = [
  { text: 'how to reconcile bank account', run: 1 },
  { text: 'bank reconciliation', run: 0 },
  { text: 'reconcilation', run: 2 },
];

interface Logged {
  statements: CompiledQuery[];
  database: PortalDatabase;
  pool: pg.Pool;
}

function openLogged(schema: string): Logged {
  const statements: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new StorableTextPlugin()],
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return {
    statements,
    pool,
    database: { db, dialect: 'postgres', schema, close: () => db.destroy() },
  };
}

async function documentCount(logged: Logged): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from search_document`.execute(logged.database.db);
  return Number(rows[0]?.count ?? 0);
}

async function prepared(size: number): Promise<Logged> {
  const schema = `search_plans_${size}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!KEEP) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const logged = openLogged(schema);
  await migrateToLatest(logged.database);
  const present = await documentCount(logged);
  if (present !== size) {
    await sql`truncate search_document cascade`.execute(logged.database.db);
    const started = performance.now();
    await fill(logged.database, await readContentText(), size);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `filled ${size.toLocaleString('en')} documents in ${seconds.toFixed(1)} s (${Math.round(size / seconds)}/s)`,
    );
  }
  // As the content import and the learning sync do after their writes.
  await optimizeSearchIndex(logged.database.db);
  return logged;
}

interface Explained {
  plan: string;
  ms: number;
}

/** The statement's plan, run in a transaction rolled back after, as a plan of a write writes. */
async function explain(logged: Logged, statement: CompiledQuery): Promise<Explained> {
  const client = await logged.pool.connect();
  try {
    await client.query('begin');
    // The word weights' estimates are plans already (countPostgresMatches): timed as they run.
    if (/^\s*explain\b/i.test(statement.sql)) {
      const started = performance.now();
      await client.query(statement.sql, statement.parameters as unknown[]);
      const ms = performance.now() - started;
      return { plan: `The planner's estimate, not run: ${ms.toFixed(2)} ms`, ms };
    }
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.sql}`,
      statement.parameters as unknown[],
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    return { plan, ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0) };
  } finally {
    await client.query('rollback');
    client.release();
  }
}

// What each statement of a search does, for the summary of where its time goes.
const KINDS: [string, RegExp][] = [
  ['document count', /reltuples|^select count\(\*\) as count from search_index$/],
  ['group counts', /@@ \$1::tsquery|::text as query|count\(\*\) as count from search_index where/],
  ['tier ranking', /ts_rank_cd\(/],
  ['group masks', /as all_mask/],
  ['total, page, facets', /jsonb_to_recordset/],
  ['words', /search_word\b/],
  ['highlights', /ts_headline/],
];

function kindOf(statement: CompiledQuery): string {
  const text = statement.sql.replace(/\s+/g, ' ').trim();
  return KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

const KIND_NAMES = [...KINDS.map(([kind]) => kind), 'other'];
const summary: string[] = [
  `| documents | search | computed ms | repeated ms | ${KIND_NAMES.join(' | ')} |`,
  `|${' --- |'.repeat(KIND_NAMES.length + 4)}`,
];

for (const size of SIZES) {
  const logged = await prepared(size);
  try {
    console.log(`\n# ${size.toLocaleString('en')} documents`);
    for (const search of SEARCHES) {
      const query = engineQuery(search.text, search.run);
      const provider = createSearchProvider(logged.database, { searchProvider: 'postgres' });
      logged.statements.length = 0;
      const first = performance.now();
      await provider.search(query);
      const firstMs = performance.now() - first;
      const statements = [...logged.statements];
      const again = performance.now();
      await provider.search(query);
      const againMs = performance.now() - again;
      console.log(
        `\n## "${search.text}": ${firstMs.toFixed(1)} ms computed, ${againMs.toFixed(1)} ms repeated; the computed search's ${statements.length} statements, each explained`,
      );
      const byKind = new Map<string, number>();
      for (const statement of statements) {
        console.log(`\n${statement.sql.replace(/\s+/g, ' ').trim()}\n`);
        const explained = await explain(logged, statement);
        console.log(explained.plan);
        const kind = kindOf(statement);
        byKind.set(kind, (byKind.get(kind) ?? 0) + explained.ms);
      }
      summary.push(
        `| ${size.toLocaleString('en')} | "${search.text}" | ${firstMs.toFixed(0)} | ${againMs.toFixed(0)} | ${KIND_NAMES.map((kind) => (byKind.get(kind) ?? 0).toFixed(0)).join(' | ')} |`,
      );
    }
  } finally {
    await logged.database.close();
    if (!KEEP) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists search_plans_${size} cascade`);
      await admin.end();
    }
  }
}

console.log(
  `\nThe computed search's statements, execution times (ms) added up by what they do:\n${summary.join('\n')}`,
);
