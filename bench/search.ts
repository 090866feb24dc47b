// Search and suggestion latency over a synthetic help-centre corpus of 10k and 100k documents,
// on a temporary SQLite file and, when TEST_DATABASE_URL is set, a scratch PostgreSQL schema.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { SEARCH_PROVIDERS, type SearchDialect, type SearchProviderName } from '~core/search';
import { createSearchProvider, optimizeSearchIndex } from '~server/modules/search';
import {
  engineQuery,
  fill,
  QUERIES,
  readContentText,
  TYPED,
  type ContentText,
} from './search-corpus.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
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
  for (const provider of SEARCH_PROVIDERS[dialect]) {
    await measureProvider(dialect, size, database, provider);
  }
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
  const directory = await mkdtemp(join(tmpdir(), 'portal-bench-search-'));
  const database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
  try {
    await measure('sqlite', size, database, contentText);
  } finally {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
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
