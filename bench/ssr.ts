// Server-rendering throughput of the built portal beside a bare React Router app of the same
// version (bench/bare-app, built here), each one process on loopback, measured with autocannon
// from this process, page after page in the same run:
// - the bare app: the framework's own speed on this machine;
// - the portal with its guest page cache off (GUEST_PAGE_CACHE_SECONDS=0): every request rendered;
// - the portal as it runs by default: guests' pages kept for a few seconds.
//
// BENCH_BASELINE=<dir> also starts the portal built in <dir> (a checkout of an earlier commit
// after `npm run build`; it may lack node_modules and content/, which are linked from here).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startPortal, type RunningPortal } from '~tests/support/portal-process.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined;
const BARE_APP = resolve('bench/bare-app');

interface BenchPage {
  name: string;
  path: string;
  /** The bare app's page of the same kind, when there is one. */
  bare?: string;
  /** The least share of the bare app's req/s, without the guest page cache and with it. */
  uncached?: number;
  cached?: number;
}

const PAGES: BenchPage[] = [
  { name: 'home', path: '/0/', bare: '/', uncached: 0.8, cached: 5 },
  {
    name: 'article',
    path: '/s/article/submit-a-vat-return',
    bare: '/article',
    uncached: 0.7,
    cached: 5,
  },
  { name: 'topic catalogue', path: '/s/topiccatalog' },
  { name: 'learning', path: '/0/learning' },
  { name: 'variant redirect', path: '/s/learning' },
  { name: '404 page', path: '/s/no-such-page' },
];

interface Server {
  label: string;
  baseUrl: string;
  /** Which goal of the page applies to this server's figure. */
  goal?: 'uncached' | 'cached';
  stop(): Promise<void>;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore' });
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} exited ${code}`)),
    );
  });
}

async function bareApp(): Promise<Server> {
  await run(
    process.execPath,
    [resolve('node_modules/@react-router/dev/bin.js'), 'build'],
    BARE_APP,
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(BARE_APP, 'serve.ts')],
    {
      env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((ready, fail) => {
    child.stdout?.on('data', () => ready());
    child.once('exit', (code) => fail(new Error(`the bare app exited ${code}`)));
  });
  return {
    label: 'bare app',
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
    },
  };
}

function portal(label: string, running: RunningPortal, goal?: Server['goal']): Server {
  return { label, baseUrl: running.baseUrl, stop: () => running.stop(), ...(goal ? { goal } : {}) };
}

async function baselinePortal(dir: string): Promise<RunningPortal> {
  for (const shared of ['node_modules', 'content']) {
    if (!existsSync(join(dir, shared))) await symlink(resolve(shared), join(dir, shared));
  }
  return startPortal({ LOG_LEVEL: 'warn', GUEST_PAGE_CACHE_SECONDS: '0' }, { cwd: dir });
}

async function measure(url: string) {
  await autocannon({ url, connections: 2, duration: 1 });
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
}

const servers: Server[] = [];
try {
  servers.push(await bareApp());
  if (BASELINE) servers.push(portal('baseline', await baselinePortal(BASELINE)));
  const uncached = await startPortal({ LOG_LEVEL: 'warn', GUEST_PAGE_CACHE_SECONDS: '0' });
  servers.push(portal('no cache', uncached, 'uncached'));
  servers.push(portal('default', await startPortal({ LOG_LEVEL: 'warn' }), 'cached'));

  console.log(`SSR throughput, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per page\n`);
  console.log('page              server       req/s   p50 ms  p99 ms  5xx+errors  × bare  goal');
  for (const page of PAGES) {
    let bare: number | undefined;
    for (const server of servers) {
      const isBare = server.label === 'bare app';
      if (isBare && page.bare === undefined) continue;
      const path = isBare ? (page.bare ?? page.path) : page.path;
      const result = await measure(`${server.baseUrl}${path}`);
      const perSecond = result.requests.average;
      if (isBare) bare = perSecond;
      const ratio = bare === undefined || isBare ? undefined : perSecond / bare;
      const least = server.goal === undefined ? undefined : page[server.goal];
      const goal =
        least === undefined || ratio === undefined
          ? ''
          : `${ratio >= least ? 'met' : 'MISSED'} (≥ ${least}×)`;
      console.log(
        `${page.name.padEnd(17)} ${server.label.padEnd(10)} ${String(Math.round(perSecond)).padStart(7)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ${String(result.errors + result['5xx']).padStart(10)}  ${ratio === undefined ? '      ' : `${ratio.toFixed(2)}×`.padStart(6)}  ${goal}`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
