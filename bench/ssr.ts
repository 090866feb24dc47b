// Server-rendering throughput of the built portal: one process (one core for JavaScript), on
// SQLite, measured with autocannon from this process over loopback.
//
// BENCH_BASELINE=<dir> also starts the portal built in <dir> (a checkout of an earlier commit
// after `npm run build`; it may lack node_modules and content/, which are linked from here) and
// measures each page on both, alternately, in the same run, for a before-and-after figure.
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startPortal, type RunningPortal } from '~tests/support/portal-process.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined;

const PAGES = [
  { name: 'home', path: '/0/', budget: 600 },
  { name: 'article', path: '/s/article/submit-a-vat-return', budget: 400 },
  { name: 'topic catalogue', path: '/s/topiccatalog', budget: undefined },
  { name: 'learning', path: '/0/learning', budget: undefined },
  { name: 'variant redirect', path: '/s/learning', budget: undefined },
  { name: '404 page', path: '/s/no-such-page', budget: undefined },
] as const;

async function baselinePortal(dir: string): Promise<RunningPortal> {
  for (const shared of ['node_modules', 'content']) {
    if (!existsSync(join(dir, shared))) await symlink(resolve(shared), join(dir, shared));
  }
  return startPortal({ LOG_LEVEL: 'warn' }, { cwd: dir });
}

const portals: Array<{ label: string; portal: RunningPortal }> = [];
try {
  portals.push({ label: '', portal: await startPortal({ LOG_LEVEL: 'warn' }) });
  if (BASELINE) {
    portals[0] = { label: 'this build', portal: portals[0]?.portal as RunningPortal };
    portals.unshift({ label: 'baseline', portal: await baselinePortal(BASELINE) });
  }
  console.log(`SSR throughput, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per page\n`);
  console.log('page                     build        req/s   p50 ms  p99 ms  5xx+errors  budget');
  for (const page of PAGES) {
    for (const { label, portal } of portals) {
      const url = `${portal.baseUrl}${page.path}`;
      await autocannon({ url, connections: 2, duration: 1 });
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      });
      const budget =
        page.budget === undefined
          ? ''
          : `${result.requests.average >= page.budget ? 'met' : 'MISSED'} (≥ ${page.budget}/s)`;
      console.log(
        `${page.name.padEnd(24)} ${label.padEnd(10)} ${String(Math.round(result.requests.average)).padStart(7)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ${String(result.errors + result['5xx']).padStart(10)}  ${budget}`,
      );
    }
  }
} finally {
  await Promise.all(portals.map(({ portal }) => portal.stop()));
}
