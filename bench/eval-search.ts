// Search relevance over a public documentation corpus (eval/search/frappe-books): the articles
// are imported as a portal's only content into a fresh SQLite database (and, with TEST_DATABASE_URL, a PostgreSQL schema), and every query of
// queries.yaml runs through the search page's service, as the page asks for its first 10
// results, and, in the same run, through two plain baselines over the same documents: one
// FTS5 table queried with the words joined by OR and ranked by bm25 (title weight 5), and
// MiniSearch with its defaults. `-- --verbose` lists the portal's misses.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import MiniSearch from 'minisearch';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseConfig } from '~server/config.ts';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { contentForSearch, importContent } from '~server/modules/content';
import { createSearchService, searchProviderFor } from '~server/modules/search';
import { SEARCH_PROVIDERS, type SearchProviderName } from '~core/search';
import {
  firstExpectedRank,
  plainWords,
  relevanceFigures,
  type RankedOutcome,
} from './relevance.ts';

const CORPUS = join(import.meta.dirname, '..', 'eval', 'search', 'frappe-books');
const KINDS = ['question', 'words', 'misspelling', 'partial', 'none'] as const;
const TARGETS = { mrr: 0.85, recallAt10: 0.95 };

const querySet = z.object({
  queries: z
    .array(
      z.object({
        q: z.string().min(1),
        kind: z.enum(KINDS),
        expect: z.array(z.string().min(1)),
      }),
    )
    .min(60),
});
type EvalQuery = z.infer<typeof querySet>['queries'][number];

interface System {
  name: string;
  /** The url names of the first 10 results, best first. */
  top10(q: string): Promise<string[]>;
}

async function portalSystem(
  database: PortalDatabase,
  provider: SearchProviderName,
  names: Map<string, string>,
): Promise<System> {
  const parsed = parseConfig({
    NODE_ENV: 'test',
    SEARCH_PROVIDER: provider,
    ...(database.dialect === 'postgres' ? { DATABASE_URL: 'postgres://eval@localhost/eval' } : {}),
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const service = createSearchService({
    database,
    engine: searchProviderFor(database, { searchProvider: provider }),
    content: contentForSearch,
    site: parsed.config,
  });
  const searchHub = `${parsed.config.prefix}_GlobalSearch`;
  return {
    name: `portal (SEARCH_PROVIDER=${provider}, ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})`,
    async top10(q) {
      const response = await service.search(
        {
          searchHub,
          q,
          sortCriteria: 'relevancy',
          firstResult: 0,
          numberOfResults: 10,
          folding: true,
          enableDidYouMean: true,
        },
        { isGuest: true, isPartner: false, statistics: false },
      );
      return response.results.map((result) => names.get(result.uniqueId) ?? result.uniqueId);
    },
  };
}

// Words as FTS5's default tokenizer sees them, each quoted so none reads as syntax.

async function plainFts5System(database: PortalDatabase): Promise<System> {
  const db = database.db;
  await sql`create virtual table eval_plain using fts5(unique_id unindexed, title, body)`.execute(
    db,
  );
  await sql`insert into eval_plain (unique_id, title, body)
    select unique_id, title, body_text from search_document`.execute(db);
  const urlNames = await urlNamesOf(database);
  return {
    name: 'plain FTS5 (OR, bm25, title weight 5)',
    async top10(q) {
      const words = plainWords(q);
      if (words.length === 0) return [];
      const rows = await sql<{ unique_id: string }>`
        select unique_id from eval_plain where eval_plain match ${words.map((word) => `"${word}"`).join(' OR ')}
        order by bm25(eval_plain, 0.0, 5.0, 1.0) limit 10`.execute(db);
      return rows.rows.map((row) => urlNames.get(row.unique_id) ?? row.unique_id);
    },
  };
}

async function miniSearchSystem(database: PortalDatabase): Promise<System> {
  const documents = await database.db
    .selectFrom('search_document')
    .select(['unique_id', 'title', 'body_text', 'sfurlname'])
    .execute();
  const index = new MiniSearch<{ id: string; title: string; text: string }>({
    fields: ['title', 'text'],
  });
  index.addAll(
    documents.map((document) => ({
      id: document.sfurlname ?? document.unique_id,
      title: document.title,
      text: document.body_text,
    })),
  );
  return {
    name: 'MiniSearch (defaults)',
    async top10(q) {
      return index
        .search(q)
        .slice(0, 10)
        .map((result) => String(result.id));
    },
  };
}

async function urlNamesOf(database: PortalDatabase): Promise<Map<string, string>> {
  const rows = await database.db
    .selectFrom('search_document')
    .select(['unique_id', 'sfurlname'])
    .execute();
  return new Map(rows.map((row) => [row.unique_id, row.sfurlname ?? row.unique_id]));
}

/** The corpus imported as the portal's only content; the pages' URL names by unique id. */
async function imported(database: PortalDatabase): Promise<Map<string, string>> {
  await migrateToLatest(database);
  const parsed = parseConfig({ NODE_ENV: 'test' });
  if (!parsed.ok) throw new Error(parsed.message);
  const report = await importContent(database.db, join(CORPUS, 'content'), parsed.config);
  if (!report.ok) throw new Error('The evaluation corpus did not import');
  return urlNamesOf(database);
}

const format = (share: number) => share.toFixed(2);
const percent = (share: number) => `${Math.round(share * 100)}%`;

async function main() {
  const verbose = process.argv.includes('--verbose');
  const { queries } = querySet.parse(parse(await readFile(join(CORPUS, 'queries.yaml'), 'utf8')));
  const directory = await mkdtemp(join(tmpdir(), 'eval-search-'));
  const database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
  // With TEST_DATABASE_URL, the PostgreSQL provider too, in a scratch schema.
  const url = process.env.TEST_DATABASE_URL;
  const schema = `eval_${randomBytes(6).toString('hex')}`;
  const postgres = url ? await createDatabase(url, { schema }) : undefined;
  try {
    const names = await imported(database);
    if (postgres) await imported(postgres);
    const known = new Set(names.values());
    const unknown = queries.flatMap((query) => query.expect).filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new Error(`Expected pages not in the corpus: ${unknown.join(', ')}`);

    const systems: System[] = [];
    for (const provider of SEARCH_PROVIDERS.sqlite) {
      systems.push(await portalSystem(database, provider, names));
    }
    for (const provider of postgres ? SEARCH_PROVIDERS.postgres : []) {
      systems.push(await portalSystem(postgres!, provider, await urlNamesOf(postgres!)));
    }
    systems.push(await plainFts5System(database), await miniSearchSystem(database));

    console.log(
      `${names.size} search documents of the Frappe Books guide (its articles and topics), ${queries.length} queries (${queries.filter((query) => query.expect.length > 0).length} with an answer)\n`,
    );
    console.log(
      '| system | MRR | expected page in top 3 | in top 10 | no-answer queries with no results |',
    );
    console.log('|---|---|---|---|---|');
    const byKind: string[] = [];
    for (const system of systems) {
      const outcomes: (RankedOutcome & { query: EvalQuery })[] = [];
      for (const query of queries) {
        outcomes.push({ query, returned: await system.top10(query.q), expected: query.expect });
      }
      const figures = relevanceFigures(outcomes);
      const none = outcomes.filter((outcome) => outcome.expected.length === 0);
      const empty = none.filter((outcome) => outcome.returned.length === 0).length;
      console.log(
        `| ${system.name} | ${format(figures.mrr)} | ${percent(figures.recallAt3)} | ${percent(figures.recallAt10)} | ${empty}/${none.length} |`,
      );
      for (const kind of KINDS.filter((kind) => kind !== 'none')) {
        const ofKind = relevanceFigures(outcomes.filter((outcome) => outcome.query.kind === kind));
        byKind.push(
          `| ${system.name} | ${kind} (${ofKind.queries}) | ${format(ofKind.mrr)} | ${percent(ofKind.recallAt3)} | ${percent(ofKind.recallAt10)} |`,
        );
      }
      if (verbose && system.name.startsWith('portal')) {
        for (const outcome of outcomes) {
          const rank = firstExpectedRank(outcome);
          if (outcome.expected.length > 0 && rank === 1) continue;
          if (outcome.expected.length === 0 && outcome.returned.length === 0) continue;
          console.log(
            `  ${system.name}: "${outcome.query.q}" → ${rank === undefined ? 'not found' : `rank ${rank}`}; got ${outcome.returned.slice(0, 3).join(', ') || 'nothing'}`,
          );
        }
      }
      if (
        system === systems[0] &&
        (figures.mrr < TARGETS.mrr || figures.recallAt10 < TARGETS.recallAt10)
      ) {
        process.exitCode = 1;
      }
    }
    console.log('\n| system | kind (queries) | MRR | top 3 | top 10 |\n|---|---|---|---|---|');
    for (const line of byKind) console.log(line);
  } finally {
    await database.close();
    await rm(directory, { recursive: true, force: true });
    if (postgres) {
      await postgres.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await postgres.close();
    }
  }
}

await main();
