// A load run (docs/performance.md): one built portal on SQLite with its demo content, 200
// connections for 60 s on 127.0.0.1, each going round a mix of guests' pages, searches and
// signed-in visitors' pages. Reports errors, latency and the process's resident memory.
//   npm run bench:load                         (60 s, 200 connections)
//   LOAD_SECONDS=20 LOAD_CONNECTIONS=50 npm run bench:load
// LOAD_SETTINGS='{"GUEST_PAGE_CACHE_SECONDS":"0"}' runs it with other settings.
// LOAD_HEAP_SNAPSHOT_AT=30 writes a heap snapshot of the portal 30 s into the load, in
// test-results/heap (open it in Chromium's DevTools, or read it with scripts/heap-summary.js).
import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { remoteMethodRequest } from '~core/gateway';
import { createDatabase } from '~server/db/database.ts';
import { testConfig } from '~tests/support/config.ts';
import { startPortal } from '~tests/support/portal-process.ts';
import { signInAs } from '~tests/support/sessions.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SETTINGS = JSON.parse(process.env.LOAD_SETTINGS ?? '{}') as Record<string, string>;
const GOALS = { p99Ms: 250, rssMb: 300 };
const HEAP_SNAPSHOT_AT = Number(process.env.LOAD_HEAP_SNAPSHOT_AT ?? 0);
// 120 searches a minute each: enough searchers that the limit is never what a run measures.
const SEARCHERS = 100;

async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const HEAP_DIRECTORY = resolve('test-results/heap');
if (HEAP_SNAPSHOT_AT > 0) await mkdir(HEAP_DIRECTORY, { recursive: true });
const portal = await startPortal({
  LOG_LEVEL: 'warn',
  ...(HEAP_SNAPSHOT_AT > 0
    ? { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${HEAP_DIRECTORY}` }
    : {}),
  ...SETTINGS,
});
try {
  const config = testConfig();
  // Signed-in visitors, their sessions made in the portal's database as sign-in makes them.
  // Searches go round 100 of them, each with their own search token: the search API limits
  // each visitor (a guest by address, and every connection here comes from 127.0.0.1).
  const database = await createDatabase(portal.databaseUrl);
  const people = await Promise.all(
    Array.from({ length: SEARCHERS }, (_, index) =>
      signInAs(database, index % 2 === 0 ? 'demo-customer' : `load-searcher-${index}`, config),
    ),
  );
  await database.close();
  const searchHub = `${config.prefix}_GlobalSearch`;
  const configurationUrl = remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', {
    searchHub,
  }).url;
  const searchers = await Promise.all(
    people.map(async (person) => {
      const answer = await fetch(`${portal.baseUrl}${configurationUrl}`, {
        headers: { cookie: person.cookie },
      });
      const { accessToken } = JSON.parse((await answer.json()) as string) as {
        accessToken: string;
      };
      return { ...person, accessToken };
    }),
  );
  let turn = 0;
  const search = (q: string) => ({
    method: 'POST' as const,
    path: '/api/search',
    setupRequest: (request: autocannon.Request) => {
      const who = searchers[turn++ % searchers.length];
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${who?.accessToken ?? ''}`,
          cookie: who?.cookie ?? '',
          'x-csrf-token': who?.csrfToken ?? '',
        },
        body: JSON.stringify({ q, searchHub, numberOfResults: 10 }),
      };
    },
  });
  const signedIn = (path: string, index: number) => ({
    method: 'GET' as const,
    path,
    headers: { cookie: people[index % people.length]?.cookie ?? '' },
  });
  const guest = (path: string) => ({ method: 'GET' as const, path });
  const requests = [
    guest('/0/'),
    guest('/s/article/connect-a-bank-feed'),
    search('bank feed'),
    signedIn('/0/', 0),
    guest('/s/topiccatalog'),
    search('invoice'),
    signedIn('/s/article/submit-a-vat-return', 1),
    guest('/0/community'),
    guest('/0/learning'),
    signedIn('/0/community', 0),
  ];

  const idle = await rssMb(portal.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    void rssMb(portal.pid).then((now) => (peak = Math.max(peak, now)));
  }, 1_000);
  const snapshot =
    HEAP_SNAPSHOT_AT > 0
      ? setTimeout(() => process.kill(portal.pid ?? 0, 'SIGUSR2'), HEAP_SNAPSHOT_AT * 1_000)
      : undefined;
  const result = await autocannon({
    url: portal.baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests,
  });
  clearInterval(sampler);
  clearTimeout(snapshot);
  const atEnd = await rssMb(portal.pid);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const after = await rssMb(portal.pid);

  const figures = {
    statusCodes: result.statusCodeStats,
    seconds: SECONDS,
    connections: CONNECTIONS,
    settings: SETTINGS,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    rssMb: {
      idle: Math.round(idle),
      peak: Math.round(peak),
      atEnd: Math.round(atEnd),
      after10s: Math.round(after),
    },
  };
  console.log(JSON.stringify(figures, null, 2));
  const goals: [string, boolean][] = [
    ['errors: 0', result.errors + result.timeouts + result.non2xx === 0],
    [`p99 at most ${GOALS.p99Ms} ms`, result.latency.p99 <= GOALS.p99Ms],
    [`resident memory at the end at most ${GOALS.rssMb} MB`, atEnd <= GOALS.rssMb],
  ];
  for (const [goal, met] of goals) console.log(`${met ? 'met    ' : 'MISSED '} ${goal}`);
} finally {
  await portal.stop();
}
