// `npm run bench:headless`: the search library's protocol against the portal's own search API,
// side by side in one run. The search evaluation's queries (eval/search/frappe-books) run as a
// guest through POST /api/search and POST /coveo/rest/search/v2, interleaved, in process
// (fastify inject), on a fresh SQLite database; the p95 of the protocol must stay within 2 ms
// of the portal's own API.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { remoteMethodRequest } from '~core/gateway';
import { libraryDateOf } from '~core/headless-protocol';
import { DEFAULT_RELATIVE_DATE_RANGE_IDS, relativeDateFacetSpan } from '~core/search';
import { buildPortalServer } from '~server/app.ts';
import { parseConfig } from '~server/config.ts';
import { createDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { importContent } from '~server/modules/content';

const CORPUS = join(import.meta.dirname, '..', 'eval', 'search', 'frappe-books');
const ROUNDS = 5;
const BUDGET_MS = 2;

const dir = await mkdtemp(join(tmpdir(), 'bench-headless-'));
const parsed = parseConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
  DATABASE_URL: `sqlite:${join(dir, 'portal.db')}`,
});
if (!parsed.ok) throw new Error(parsed.message);
const config = { ...parsed.config, sessionSecret: parsed.config.sessionSecret ?? '' };
const database = await createDatabase(config.databaseUrl);
await migrateToLatest(database);
await importContent(database.db, join(CORPUS, 'content'), {
  brand: 'Frappe Books',
  product: 'Frappe Books',
  appsHost: 'https://apps.example',
});
const app = await buildPortalServer({ config, database });
const searchHub = `${config.prefix}_GlobalSearch`;
const request = remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', { searchHub });
const answer = await app.inject({ method: 'GET', url: request.url });
const cookie = answer.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
const { accessToken } = JSON.parse(answer.json() as string) as { accessToken: string };
const queries = (
  parse(await readFile(join(CORPUS, 'queries.yaml'), 'utf8')) as { queries: { q: string }[] }
).queries.map((query) => query.q);

let address = 0;
async function timed(url: string, body: object): Promise<number> {
  address += 1;
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    // A guest's rate limit is per address: each request comes from another one.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      cookie,
      'sec-fetch-site': 'same-origin',
    },
    payload: JSON.stringify(body),
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return elapsed;
}

// The same search both ways: the portal's API counts its relative date ranges and folds; the
// library's request asks for the same ranges as its date facet, and folding is off on both.
const now = new Date();
const dateFacet = {
  facetId: 'date',
  field: 'date',
  type: 'dateRange',
  currentValues: DEFAULT_RELATIVE_DATE_RANGE_IDS.map((id) => {
    const span = relativeDateFacetSpan(id, now)!;
    return { start: libraryDateOf(span.from), end: libraryDateOf(span.to), state: 'idle' };
  }),
};

const own: number[] = [];
const protocol: number[] = [];
// One warm-up round, not counted.
for (let round = 0; round <= ROUNDS; round += 1) {
  for (const [index, q] of queries.entries()) {
    const ownSearch = () =>
      timed('/api/search', { searchHub, q, numberOfResults: 10, folding: false });
    const protocolSearch = () =>
      timed('/coveo/rest/search/v2', {
        q,
        searchHub,
        numberOfResults: 10,
        enableDidYouMean: true,
        facets: [
          ...['common_contenttype', 'sfcoreproductc', 'sfaudiencec', 'sftopicfirstlevelc'].map(
            (field) => ({ facetId: field, field, type: 'specific', currentValues: [] }),
          ),
          dateFacet,
        ],
      });
    // Whichever runs second finds the first one's pages in the cache: each goes first in turn.
    const first = (index + round) % 2 === 0;
    const ownMs = first ? await ownSearch() : 0;
    const protocolMs = await protocolSearch();
    const ownMsAfter = first ? ownMs : await ownSearch();
    if (round > 0) {
      own.push(ownMsAfter);
      protocol.push(protocolMs);
    }
  }
}
await app.close();
await database.close();
await rm(dir, { recursive: true, force: true });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const row = (name: string, values: number[]) =>
  `${name.padEnd(28)} p50 ${percentile(values, 50).toFixed(2)} ms  p95 ${percentile(values, 95).toFixed(2)} ms  (${values.length} searches)`;
console.log(row('portal API /api/search', own));
console.log(row('protocol /coveo/rest/search/v2', protocol));
const difference = percentile(protocol, 95) - percentile(own, 95);
console.log(`p95 difference: ${difference.toFixed(2)} ms (budget ${BUDGET_MS} ms)`);
if (difference > BUDGET_MS) process.exitCode = 1;
