import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteMethodPath } from '~core/gateway';
import { createRouteContract } from '~core/routes';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect, describePostgres } from '~tests/support/dialects.ts';
import { freePort } from '~tests/support/portal-process.ts';
import { runsDialect } from '~tests/support/test-dialects.ts';
import {
  databaseUrl,
  ensurePostgresTemplate,
  ensureSqliteTemplate,
  openSqliteCopy,
} from '~tests/support/database-templates.ts';
import { buildPortalServer } from '../app.ts';
import { createDatabase, type PortalDatabase } from '../db/database.ts';
import { RETRY_AFTER_SECONDS } from './database-faults.ts';

const config = testConfig();
const contract = createRouteContract({
  product: config.product,
  siteUrl: config.siteUrl,
  log: () => {},
});
// A page whose loader reads the database (the article it names), the same loader's data as
// client-side navigation asks for it, and a gateway method.
const ARTICLE_PAGE = contract.path('article', { urlName: 'reconcile-a-bank-feed' }) ?? '';
const ARTICLE_DATA = `${ARTICLE_PAGE}.data`;
const GATEWAY_CALL = `${remoteMethodPath(config.prefix, 'getTeamValue')}?methodParams=${encodeURIComponent(
  JSON.stringify({ recordId: '0TO000000000000001' }),
)}`;

async function expectUnavailablePage(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(503);
  expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain("We'll be right back");
  expect(response.body).toContain(`<title>We&#39;ll be right back – ${config.brand}</title>`);
  expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  expect(response.body).not.toContain('ECONN');
}

async function expectUnavailableJson(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(503);
  expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(response.json()).toEqual({ message: expect.any(String), errorCode: 'UNAVAILABLE' });
}

describePostgres('a PostgreSQL server that does not answer', () => {
  let app: FastifyInstance;
  let database: PortalDatabase;
  beforeAll(async () => {
    // A port nothing listens on: every connection is refused, as while PostgreSQL restarts.
    const port = await freePort();
    database = await createDatabase(`postgres://postgres@127.0.0.1:${port}/portal`, {
      onConnectionError: () => {},
    });
    app = await buildPortalServer({ config, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers pages 503 with Retry-After and a friendly page, never a 500', async () => {
    await expectUnavailablePage(app, ARTICLE_PAGE);
  });

  it('answers the JSON APIs and the gateway 503 UNAVAILABLE', async () => {
    await expectUnavailableJson(app, ARTICLE_DATA);
    await expectUnavailableJson(app, GATEWAY_CALL);
  });

  it('is alive but not ready', async () => {
    expect((await app.inject('/health')).statusCode).toBe(200);
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'database' });
    expect((await app.inject('/healthz')).statusCode).toBe(503);
  });
});

describePostgres('PostgreSQL ending the portal’s connections', (url) => {
  const name = `t_faults_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  const connectionErrors: Error[] = [];
  let app: FastifyInstance;
  let database: PortalDatabase;
  beforeAll(async () => {
    const template = await ensurePostgresTemplate(url);
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    database = await createDatabase(databaseUrl(url, name), {
      onConnectionError: (error) => connectionErrors.push(error),
    });
    app = await buildPortalServer({ config, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('logs the idle connections’ errors, stays up, and answers again on fresh connections', async () => {
    expect((await app.inject('/ready')).statusCode).toBe(200);
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [name],
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    await expect.poll(() => connectionErrors.length).toBeGreaterThan(0);

    expect((await app.inject('/ready')).statusCode).toBe(200);
    // No article is stored here: the loader's query ran and found nothing.
    expect((await app.inject(ARTICLE_PAGE)).statusCode).toBe(404);
  });
});

describeEachDialect('readiness', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
  });
  afterAll(() => app.close());

  it('is ready on a migrated database, and alive', async () => {
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: database().dialect });
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});

describeEachDialect(
  'readiness before the migrations',
  (database) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildPortalServer({ config, database: database() });
    });
    afterAll(() => app.close());

    it('is not ready while migrations are pending, and still alive', async () => {
      const ready = await app.inject('/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(ready.json()).toMatchObject({ reason: 'migrations', pending: expect.any(Array) });
      expect((await app.inject('/health')).statusCode).toBe(200);
    });
  },
  { migrate: false },
);

if (runsDialect('sqlite')) {
  describe('a SQLite database another process holds locked', () => {
    let app: FastifyInstance;
    let release: () => Promise<void>;
    let database: PortalDatabase;
    let holder: SqliteDatabase.Database | undefined;
    beforeAll(async () => {
      const copy = await openSqliteCopy(await ensureSqliteTemplate());
      database = copy.database;
      release = copy.release;
      // The portal waits 5 s for a lock (database.ts); the test waits a tenth of that.
      await sql`pragma busy_timeout = 100`.execute(database.db);
      app = await buildPortalServer({ config, database });
    });
    afterAll(async () => {
      holder?.close();
      await app?.close();
      await release?.();
    });

    it('answers 503 with Retry-After while the lock lasts, and normally once it is gone', async () => {
      const file = (await sql<{ file: string }>`pragma database_list`.execute(database.db)).rows[0]
        ?.file;
      holder = new SqliteDatabase(file ?? '');
      // An exclusive writer that keeps its lock shuts readers out even in WAL mode.
      holder.pragma('locking_mode = EXCLUSIVE');
      holder.exec('begin exclusive');
      holder.exec("insert into app_setting (key, value, updated_at) values ('lock-test', '', '')");
      await expectUnavailablePage(app, ARTICLE_PAGE);
      await expectUnavailableJson(app, ARTICLE_DATA);

      holder.close();
      holder = undefined;
      expect((await app.inject(ARTICLE_PAGE)).statusCode).toBe(404);
    });
  });
}
