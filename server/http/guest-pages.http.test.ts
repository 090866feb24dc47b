import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect, describePostgres } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import {
  ensurePostgresTemplate,
  ensureSqliteTemplate,
  openPostgresClone,
  openSqliteCopy,
} from '~tests/support/database-templates.ts';
import { copyOfBasicFixture, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent } from '~server/modules/content';
import { buildPortalServer } from '../app.ts';
import { createDatabase, type PortalDatabase } from '../db/database.ts';
import { CACHE_HEADER } from './guest-pages.ts';

const config = testConfig();
const ARTICLE = '/s/article/connect-a-bank-feed';
const FRESH_MS = 5_000;

async function withContent(database: PortalDatabase): Promise<void> {
  const fixture = await copyOfBasicFixture();
  try {
    const report = await importContent(database.db, fixture.dir, FIXTURE_SETTINGS);
    expect(report.issues).toEqual([]);
  } finally {
    await fixture.release();
  }
}

const from = (app: FastifyInstance, url: string, headers: InjectOptions['headers'] = {}) =>
  app.inject({ method: 'GET', url, headers });

describeEachDialect("guests' pages, shared between guests", (database) => {
  let app: FastifyInstance;
  const clock = new TestClock('2026-11-26T09:00:00Z');

  beforeAll(async () => {
    await withContent(database());
    app = await buildPortalServer({ config, database: database(), clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  // Each test starts from pages rendered anew.
  const fresh = () => clock.advance(FRESH_MS + 1);

  it('sends a burst of guests one page, then sends it as it is, for anyone to keep', async () => {
    fresh();
    const burst = await Promise.all(Array.from({ length: 5 }, () => from(app, ARTICLE)));
    expect(burst.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Requests start in arrival order (arrival-order.ts), so the later ones of a burst get the
    // page the first rendered, or share its render: none renders a page of its own.
    const sources = burst.map((response) => response.headers[CACHE_HEADER]);
    expect(sources[0]).toBe('miss');
    expect(sources.every((source) => source === 'miss' || source === 'hit')).toBe(true);
    expect(new Set(burst.map((response) => response.body)).size).toBe(1);
    const again = await from(app, ARTICLE);
    expect(again.headers[CACHE_HEADER]).toBe('hit');
    expect(again.body).toBe(burst[0]?.body);
    expect(again.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(again.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).not.toContain('csrf-token');
    expect(again.body).not.toContain('nonce=');
  });

  it('answers a matching If-None-Match with 304, and sends brotli, gzip or plain alike', async () => {
    fresh();
    const plain = await from(app, ARTICLE);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await from(app, ARTICLE, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    for (const encoding of ['br', 'gzip']) {
      const encoded = await from(app, ARTICLE, { 'accept-encoding': encoding });
      expect(encoded.headers['content-encoding']).toBe(encoding);
      expect(encoded.headers.etag).toBe(etag);
      expect(Number(encoded.headers['content-length'])).toBeLessThan(plain.rawPayload.length / 3);
    }
    const head = await app.inject({ method: 'HEAD', url: ARTICLE });
    expect(head.statusCode).toBe(200);
    expect(head.headers[CACHE_HEADER]).toBe('hit');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a first HEAD with the headers a GET gets, and keeps the page for the GET after', async () => {
    fresh();
    const head = await app.inject({
      method: 'HEAD',
      url: ARTICLE,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers[CACHE_HEADER]).toBe('miss');
    expect(head.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['set-cookie']).toBeUndefined();
    const get = await from(app, ARTICLE, { 'accept-encoding': 'br' });
    expect(get.headers[CACHE_HEADER]).toBe('hit');
    expect(get.headers.etag).toBe(head.headers.etag);
    expect(get.headers['content-length']).toBe(head.headers['content-length']);
  });

  it('keeps the pages of guests of different regions apart', async () => {
    fresh();
    const australia = await from(app, '/0/', { 'accept-language': 'en-AU' });
    const britain = await from(app, '/0/', { 'accept-language': 'en-GB' });
    const chosen = await from(app, '/0/', {
      'accept-language': 'en-AU',
      cookie: `${config.prefix}REGION=UK`,
    });
    expect(australia.headers[CACHE_HEADER]).toBe('miss');
    expect(britain.headers[CACHE_HEADER]).toBe('miss');
    expect(chosen.headers[CACHE_HEADER]).toBe('hit');
    // The root loader's data, as React Router streams it into the page.
    expect(australia.body).toContain('\\"region\\",\\"AU\\"');
    expect(britain.body).toContain('\\"region\\",\\"UK\\"');
    expect(chosen.body).toBe(britain.body);
  });

  it("never sends a signed-in visitor's page to a guest, nor a guest's to them", async () => {
    fresh();
    const signedIn = await signInAs(database(), 'demo-customer', config);
    const guestFirst = await from(app, '/0/');
    const own = await from(app, '/0/', { cookie: signedIn.cookie });
    const guestAfter = await from(app, '/0/');
    expect(own.headers[CACHE_HEADER]).toBeUndefined();
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).toContain(signedIn.csrfToken);
    expect(own.body).not.toContain('\\"isGuest\\",true');
    expect(guestAfter.headers[CACHE_HEADER]).toBe('hit');
    expect(guestAfter.body).toBe(guestFirst.body);
    expect(guestAfter.body).not.toContain(signedIn.csrfToken);
    expect(guestAfter.body).toContain('\\"isGuest\\",true');
  });

  it('keeps pages a guest reaches through a personal link out of every cache', async () => {
    fresh();
    // An invitation asks a guest to sign in first: that redirect is not kept either.
    for (const url of [
      '/s/unsubscribe-topic?token=someone-elses',
      '/0/settings/marketing-communication-preferences?token=someone-elses',
    ]) {
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await from(app, url);
        expect(response.headers[CACHE_HEADER], url).toBeUndefined();
        expect(response.headers['cache-control'], url).toBe('private, no-store');
      }
    }
  });

  it('renders a page anew once its seconds are up', async () => {
    fresh();
    await from(app, ARTICLE);
    clock.advance(FRESH_MS - 1);
    expect((await from(app, ARTICLE)).headers[CACHE_HEADER]).toBe('hit');
    clock.advance(1);
    expect((await from(app, ARTICLE)).headers[CACHE_HEADER]).toBe('miss');
  });

  it("renders guests' pages anew after a page action changed something", async () => {
    fresh();
    await from(app, ARTICLE);
    expect((await from(app, ARTICLE)).headers[CACHE_HEADER]).toBe('hit');
    const feedback = await app.inject({
      method: 'POST',
      url: ARTICLE,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: 'helpful=yes&comment=',
    });
    expect(feedback.statusCode).toBe(200);
    expect((await from(app, ARTICLE)).headers[CACHE_HEADER]).toBe('miss');
    // A refused action changed nothing.
    const refused = await app.inject({
      method: 'POST',
      url: ARTICLE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'helpful=yes&comment=',
    });
    expect(refused.statusCode).toBe(403);
    expect((await from(app, ARTICLE)).headers[CACHE_HEADER]).toBe('hit');
  });

  it("drops another process's kept pages when content changes in one (PostgreSQL)", async (test) => {
    if (database().dialect !== 'postgres') test.skip();
    // A second server on the same database, as a second web process: its own cache, its own
    // listening connection, its own identity for the notices.
    const other = await buildPortalServer({ config, database: database(), clock });
    try {
      fresh();
      await from(other, ARTICLE);
      expect((await from(other, ARTICLE)).headers[CACHE_HEADER]).toBe('hit');
      const feedback = await app.inject({
        method: 'POST',
        url: ARTICLE,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        payload: 'helpful=no&comment=',
      });
      expect(feedback.statusCode).toBe(200);
      await expect
        .poll(async () => (await from(other, ARTICLE)).headers[CACHE_HEADER], { timeout: 3_000 })
        .toBe('miss');
    } finally {
      await other.close();
    }
  });
});

describe('guest page cache settings', () => {
  it('is off with GUEST_PAGE_CACHE_SECONDS=0: every guest page is rendered for its guest', async () => {
    const copy = await openSqliteCopy(await ensureSqliteTemplate());
    const app = await buildPortalServer({
      config: testConfig({ GUEST_PAGE_CACHE_SECONDS: '0' }),
      database: copy.database,
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        const response = await from(app, '/0/');
        expect(response.statusCode).toBe(200);
        expect(response.headers[CACHE_HEADER]).toBeUndefined();
        expect(response.headers['cache-control']).toBe('private, no-cache');
      }
    } finally {
      await app.close();
      await copy.release();
    }
  });
});

/**
 * A TCP relay to PostgreSQL that a test can cut: connections drop and new ones are refused, as
 * while the server restarts or the network between them fails.
 */
async function cuttableRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}

describePostgres("guests' pages while the database cannot be reached", (url) => {
  let app: FastifyInstance;
  let clone: Awaited<ReturnType<typeof openPostgresClone>>;
  let reached: PortalDatabase;
  let relay: Awaited<ReturnType<typeof cuttableRelay>>;
  const clock = new TestClock('2026-11-26T09:00:00Z');
  beforeAll(async () => {
    clone = await openPostgresClone(url, await ensurePostgresTemplate(url));
    await withContent(clone.database);
    const name = (
      await sql<{ name: string }>`select current_database() as name`.execute(clone.database.db)
    ).rows[0]?.name;
    const server = new URL(url);
    relay = await cuttableRelay({ host: server.hostname, port: Number(server.port || 5432) });
    const relayed = new URL(url);
    relayed.host = `127.0.0.1:${relay.port}`;
    relayed.pathname = `/${name}`;
    reached = await createDatabase(relayed.href, { onConnectionError: () => {} });
    app = await buildPortalServer({ config, database: reached, clock });
  });
  afterAll(async () => {
    await app?.close();
    await reached?.close();
    await clone?.release();
  });

  it('serves the page last rendered, not to be kept, and the outage page where there is none', async () => {
    const before = await from(app, ARTICLE);
    expect(before.statusCode).toBe(200);
    await relay.cut();
    clock.advance(60_000);

    const during = await from(app, ARTICLE);
    expect(during.statusCode).toBe(200);
    expect(during.headers[CACHE_HEADER]).toBe('stale');
    expect(during.headers['cache-control']).toBe('no-cache');
    expect(during.body).toBe(before.body);
    const never = await from(app, '/s/article/reconcile-a-bank-feed');
    expect(never.statusCode).toBe(503);

    await relay.restore();
    await expect
      .poll(async () => (await from(app, ARTICLE)).headers[CACHE_HEADER], { timeout: 10_000 })
      .toBe('miss');
  });
});
