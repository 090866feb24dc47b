// Server-rendering throughput of the built portal: one process (one core for JavaScript), on
// SQLite, measured with autocannon from this process over loopback.
import autocannon from 'autocannon';
import { startPortal } from '~tests/support/portal-process.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

const PAGES = [
  { name: 'home', path: '/0/', budget: 600 },
  { name: 'article', path: '/s/article/submit-a-vat-return', budget: 400 },
  { name: 'topic catalogue', path: '/s/topiccatalog', budget: undefined },
  { name: 'page shell (learning)', path: '/0/learning', budget: undefined },
  { name: 'variant redirect', path: '/s/learning', budget: undefined },
  { name: '404 page', path: '/s/no-such-page', budget: undefined },
] as const;

const portal = await startPortal({ LOG_LEVEL: 'warn' });
try {
  console.log(`SSR throughput, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per page\n`);
  console.log('page                     req/s   p50 ms  p99 ms  5xx+errors  budget');
  for (const page of PAGES) {
    const url = `${portal.baseUrl}${page.path}`;
    await autocannon({ url, connections: 2, duration: 1 });
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
    const budget =
      page.budget === undefined
        ? ''
        : `${result.requests.average >= page.budget ? 'met' : 'MISSED'} (≥ ${page.budget}/s)`;
    console.log(
      `${page.name.padEnd(24)} ${String(Math.round(result.requests.average)).padStart(6)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ${String(result.errors + result['5xx']).padStart(10)}  ${budget}`,
    );
  }
} finally {
  await portal.stop();
}
