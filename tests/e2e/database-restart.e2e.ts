import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRouteContract } from '~core/routes';
import { startPortal, type RunningPortal } from '~tests/support/portal-process.ts';
import {
  createPostgresCluster,
  postgresBinaries,
  type PostgresCluster,
} from '~tests/support/postgres-cluster.ts';
import { describeRequiring } from '~tests/support/required-suite.ts';

const bin = postgresBinaries();
const contract = createRouteContract({
  product: 'portal',
  siteUrl: 'http://127.0.0.1',
  log: () => {},
});
// Its loader reads the database; no article is stored, so a working portal answers 404.
const ARTICLE_PAGE = contract.path('article', { urlName: 'reconcile-a-bank-feed' }) ?? '';
const RECOVERY_LIMIT_MS = 5_000;

async function statusOf(
  url: string,
): Promise<{ status: number; retryAfter: string | null; body: string }> {
  // fetch throws on a reset or refused connection: the test fails on it, as it should.
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
}

async function until(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${limitMs} ms`);
}

describeRequiring(
  'the built portal across a PostgreSQL restart',
  {
    available: bin !== undefined,
    missing: 'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql or POSTGRES_BIN',
  },
  () => {
    let cluster: PostgresCluster | undefined;
    let portal: RunningPortal | undefined;
    beforeAll(async () => {
      cluster = await createPostgresCluster(bin ?? '');
      portal = await startPortal({ DATABASE_URL: cluster.url, BUILT_IN_SIGN_IN: 'false' });
    });
    afterAll(async () => {
      try {
        await portal?.stop();
      } finally {
        await cluster?.destroy();
      }
    });

    it('answers 503 while PostgreSQL is down and 200 again within 5 s of it coming back', async () => {
      const { baseUrl } = portal!;
      // Fill the pool with idle connections: the ones a restart breaks under the portal.
      await Promise.all([1, 2, 3].map(() => statusOf(`${baseUrl}${ARTICLE_PAGE}`)));
      expect((await statusOf(`${baseUrl}/ready`)).status).toBe(200);

      await cluster!.stop();
      const asked = performance.now();
      const page = await statusOf(`${baseUrl}${ARTICLE_PAGE}`);
      const unavailableMs = performance.now() - asked;
      expect(page.status).toBe(503);
      expect(page.retryAfter).toBe('5');
      expect(page.body).toContain("We'll be right back");
      expect((await statusOf(`${baseUrl}/ready`)).status).toBe(503);
      expect((await statusOf(`${baseUrl}/health`)).status).toBe(200);
      expect(portal!.running()).toBe(true);

      await cluster!.start();
      const recoveredMs = await until(
        async () => (await statusOf(`${baseUrl}/ready`)).status === 200,
        RECOVERY_LIMIT_MS,
      );
      expect((await statusOf(`${baseUrl}${ARTICLE_PAGE}`)).status).toBe(404);
      expect(portal!.running()).toBe(true);
      expect(portal!.errors()).not.toMatch(/Unhandled|uncaught/i);
      console.log(
        `503 answered in ${Math.round(unavailableMs)} ms during the outage; ready again ` +
          `${Math.round(recoveredMs)} ms after PostgreSQL accepted connections`,
      );
    });
  },
);
