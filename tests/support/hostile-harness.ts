import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { matchPath, type ServerBuild } from 'react-router';
import { vi } from 'vitest';
import { remoteMethodRequest } from '~core/gateway';
import type { PortalDatabase } from '~server/db/database.ts';
import type { Database } from '~server/db/schema.ts';
import { importCommunityOnFirstStart } from '~server/modules/community';
import { importContentOnFirstStart } from '~server/modules/content';
import { INBOUND_MAIL_PATH } from '~server/modules/cases';
import { importLearningOnFirstStart, LEARNING_WEBHOOK_PATH } from '~server/modules/learning';
import { buildWithDemoData, setCookie } from '~server/http/sign-in.fixture.ts';
import { ShiftedClock } from './clock.ts';
import { HOSTILE_ENTRIES, HOSTILE_SHAPES } from './hostile-corpus.ts';
import {
  BATCH,
  MARKUP_ENTRIES,
  ORIGIN,
  WEBHOOK_SECRET,
  WINDOW_MS,
  STATIC_FILE,
  fastifyRoutes,
  hasMarkup,
  hrefsOf,
  paramNames,
  serverBuild,
  type Failure,
  type Figures,
  type Identity,
  type Sent,
} from './hostile-requests.ts';
import { WRITE_LOG, logWrites } from './hostile-writes.ts';
import { signInAs } from './sessions.ts';

/*
 * The hostile-input run's harness (server/http/hostile-input.http.test.ts): a portal with the
 * demo site's content, a guest and a signed-in partner, the links its pages carry (for real ids),
 * and the sending of each request with its checks: no 5xx, no markup reflected unescaped into an
 * HTML page, no header broken by a line break, and for each refused write no table gaining or
 * losing a row. The figures of the whole run are kept for its closing line.
 */

export function hostileHarness(database: () => PortalDatabase) {
  const clock = new ShiftedClock();
  let app: FastifyInstance;
  let build: ServerBuild;
  let prefix: string;
  let guest: Identity;
  let signedIn: Identity;
  const harvested = new Set<string>();
  let tableNames: string[] = [];
  /** Whether anything but a checked write (GETs, sent many at a time) may have logged rows. */
  let logTouched = true;
  /** The signed-in visitor's session row, put back whenever a request ends it (log out). */
  let savedSession: Selectable<Database['portal_session']>;
  const figures: Figures = {
    requests: 0,
    byStatus: new Map(),
    byTarget: new Map(),
    msByTarget: new Map(),
    failures: [],
    routes: new Set(),
    gatewayMethods: new Set(),
  };
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  // React Router logs every refused request (a POST to a page without an action, a body that is
  // no form) as an error; the answers themselves are what this suite checks.
  let quietErrors: { mockRestore(): void } | undefined;

  async function setUp() {
    quietErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const built = await buildWithDemoData(database(), {
      clock,
      env: {
        SESSION_ABSOLUTE_TIMEOUT_SECONDS: String(90 * 24 * 3600),
        LEARNING_WEBHOOK_SECRET: WEBHOOK_SECRET,
        INBOUND_MAIL_SECRET: WEBHOOK_SECRET,
      },
    });
    app = built.app;
    prefix = built.config.prefix;
    // The demo site's content, so requests reach real articles, discussions, ideas and events.
    const quiet = {
      info: () => {},
      error: (line: string) => {
        throw new Error(`The demo content did not load: ${line}`);
      },
    };
    await importContentOnFirstStart(database().db, built.config, quiet);
    await importLearningOnFirstStart(database().db, built.config, quiet);
    await importCommunityOnFirstStart(database().db, built.config, quiet);
    build = await serverBuild();
    // A guest's pages carry no token (their browser's Origin vouches for them); the anonymous
    // id comes with the first search token, as in a browser.
    const configuration = await app.inject({
      url: remoteMethodRequest(prefix, 'getHeadlessConfiguration', { searchHub: 'LL_GlobalSearch' })
        .url,
    });
    guest = {
      name: 'guest',
      cookie: (setCookie(configuration, `${prefix}_csrf`) ?? '').split(';')[0] ?? '',
      csrf: '',
    };
    const session = await signInAs(database(), 'demo-partner-primary', built.config, clock);
    signedIn = { name: 'signed-in', cookie: session.cookie, csrf: session.csrfToken };
    savedSession = await database()
      .db.selectFrom('portal_session')
      .selectAll()
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    // The records, not SQLite's full-text indexes (virtual tables and their shadow tables),
    // which are derived from them and take no triggers.
    const virtual =
      database().dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(
              database().db,
            )
          ).rows.map((row) => row.name)
        : [];
    tableNames = (await database().db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'))
      .filter((name) => !virtual.some((index) => name === index || name.startsWith(`${index}_`)));
    await logWrites(database(), tableNames);
    // Real ids and url names, as the pages link to them, so a request can reach past a 404.
    for (const route of Object.values(build.routes)) {
      const path = route?.path;
      if (!path || path.includes(':') || path === '*') continue;
      for (const who of [guest, signedIn]) {
        const response = await app.inject({ url: path, headers: { cookie: who.cookie } });
        for (const href of hrefsOf(response.body)) harvested.add(href);
      }
    }
  }

  async function tearDown() {
    quietErrors?.mockRestore();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    const statuses = [...figures.byStatus].sort(([a], [b]) => a - b);
    process.stdout.write(
      `hostile input [${database().dialect}]: ${HOSTILE_ENTRIES.length} entries, ` +
        `${HOSTILE_SHAPES.length} request shapes, ${figures.routes.size} routes, ` +
        `${figures.gatewayMethods.size} gateway methods, ${figures.requests} requests, ` +
        `${statuses.filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)} 5xx, ` +
        `${seconds} s (${cpuSeconds} s of this process's CPU); statuses ${statuses.map(([status, n]) => `${status}×${n}`).join(' ')}\n`,
    );
    // HOSTILE_INPUT_REPORT=<file> keeps every failure for a closer look.
    const report = process.env.HOSTILE_INPUT_REPORT;
    if (report) {
      const statuses = Object.fromEntries(
        [...figures.byTarget].map(([target, counts]) => [target, Object.fromEntries(counts)]),
      );
      const ms = Object.fromEntries(figures.msByTarget);
      writeFileSync(report, JSON.stringify({ failures: figures.failures, statuses, ms }, null, 2));
    }
    await app?.close();
  }

  /** An id or url name the pages link to for this parameter of the pattern, or a stand-in. */
  function realParams(pattern: string): Record<string, string> {
    const known = [...harvested]
      .map((href) => matchPath(pattern, href.split('?', 1)[0] ?? ''))
      .find((match) => match !== null);
    const values: Record<string, string> = {};
    for (const name of paramNames(pattern)) {
      const found = known?.params[name];
      values[name] = found !== undefined ? encodeURIComponent(found) : 'x';
    }
    return values;
  }

  async function searchToken(who: Identity): Promise<string> {
    if (who.searchToken && clock.nowMs() - who.searchToken.atMs < 5 * 60_000) {
      return who.searchToken.value;
    }
    const call = remoteMethodRequest(prefix, 'getHeadlessConfiguration', {
      searchHub: 'LL_GlobalSearch',
    });
    const response = await app.inject({ url: call.url, headers: { cookie: who.cookie } });
    const configuration = JSON.parse(response.json<string>()) as { accessToken: string };
    who.searchToken = { value: configuration.accessToken, atMs: clock.nowMs() };
    return configuration.accessToken;
  }

  /** Empties the write log, answering the tables rows were added to or removed from. */
  async function takeWriteLog(): Promise<string[]> {
    const { rows } = await sql<{
      table_name: string;
    }>`delete from ${sql.table(WRITE_LOG)} returning table_name`.execute(database().db);
    return [...new Set(rows.map((row) => row.table_name))].sort();
  }

  function record(sent: Sent, problem: string) {
    figures.failures.push({ ...sent, problem });
  }

  /** Sends one request and checks its answer; a write is checked against the row counts. */
  async function send(
    options: InjectOptions,
    sent: Sent,
    write = false,
    entries = HOSTILE_ENTRIES.filter((candidate) => candidate.name === sent.entry),
  ) {
    if (write && logTouched) await takeWriteLog();
    logTouched = !write;
    let response: LightMyRequestResponse;
    const sentAt = Date.now();
    try {
      response = await app.inject(options);
    } catch (error) {
      record(sent, `inject failed: ${String(error)}`);
      return undefined;
    }
    figures.requests += 1;
    figures.msByTarget.set(
      sent.target,
      (figures.msByTarget.get(sent.target) ?? 0) + Date.now() - sentAt,
    );
    figures.byStatus.set(response.statusCode, (figures.byStatus.get(response.statusCode) ?? 0) + 1);
    const counts = figures.byTarget.get(sent.target) ?? new Map<number, number>();
    counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    figures.byTarget.set(sent.target, counts);
    if (response.statusCode >= 500) {
      record(sent, `${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    // The entries this request carries, and every markup entry earlier requests may have stored.
    for (const entry of [...entries, ...MARKUP_ENTRIES]) {
      if (hasMarkup(response, entry.marker)) {
        record(sent, `markup reflected unescaped: ${entry.marker}`);
        break;
      }
    }
    for (const [name, value] of Object.entries(response.headers)) {
      if (/[\r\n]/.test(String(value))) record(sent, `line break in the ${name} header`);
    }
    if (write) {
      const written = await takeWriteLog();
      if (response.statusCode >= 400 && written.length > 0) {
        record(
          sent,
          `${response.statusCode} but rows were added to or removed from ${written.join(', ')}`,
        );
      }
      // A log out ends the signed-in visitor's session: put it back for the next requests.
      if (written.includes('portal_session')) await keepSignedIn();
    }
    return response;
  }

  /**
   * Runs the requests `parallel` at a time, moving the clock past every rate-limit window after
   * each BATCH of them (fewer than any limit allows a visitor in a window).
   */
  async function inBatches(requests: (() => Promise<unknown>)[], parallel = BATCH) {
    let sinceWindow = 0;
    for (let start = 0; start < requests.length; start += parallel) {
      const batch = requests.slice(start, start + parallel);
      await Promise.all(batch.map((run) => run()));
      sinceWindow += batch.length;
      if (sinceWindow >= BATCH) {
        clock.advance(WINDOW_MS);
        await keepSignedIn();
        sinceWindow = 0;
      }
    }
  }

  /** Keeps the signed-in visitor signed in across the moved clock and any log out. */
  async function keepSignedIn() {
    const nowMs = clock.nowMs();
    const live = {
      idle_expires_at: new Date(nowMs + 3_600_000).toISOString(),
      absolute_expires_at: new Date(nowMs + 30 * 86_400_000).toISOString(),
    };
    await database()
      .db.insertInto('portal_session')
      .values({ ...savedSession, ...live })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(live))
      .execute();
    logTouched = true;
  }

  let deliveries = 0;

  /**
   * A webhook delivery signed as the learning platform signs it (HMAC-SHA256 of timestamp,
   * delivery id and body), so hostile bodies get past the signature to the handler.
   */
  function signedDelivery(options: InjectOptions): InjectOptions {
    // The inbound mail webhook's shared secret, so hostile bodies reach its parser too.
    if (options.url?.toString().startsWith(INBOUND_MAIL_PATH)) {
      return {
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${WEBHOOK_SECRET}` },
      };
    }
    if (!options.url?.toString().startsWith(LEARNING_WEBHOOK_PATH)) return options;
    deliveries += 1;
    const timestamp = String(Math.floor(clock.nowMs() / 1000));
    const deliveryId = `hostile-delivery-${deliveries}`;
    const body = typeof options.payload === 'string' ? options.payload : '';
    const hmac = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${deliveryId}.`);
    return {
      ...options,
      headers: {
        ...options.headers,
        'x-learning-timestamp': timestamp,
        'x-learning-delivery': deliveryId,
        'x-learning-signature': `sha256=${hmac.update(body).digest('hex')}`,
      },
    };
  }

  function headersFor(who: Identity, extra: Record<string, string> = {}): Record<string, string> {
    // The site's own host, as a browser on it sends: React Router refuses an action whose
    // Origin is not the request's host.
    return { host: new URL(ORIGIN).host, cookie: who.cookie, origin: ORIGIN, ...extra };
  }

  const identities = () => [guest, signedIn];

  function failuresOf(area: string): Failure[] {
    return figures.failures.filter((failure) => failure.target.startsWith(area));
  }

  function otherRoutes() {
    return fastifyRoutes(app.printRoutes({ commonPrefix: false })).filter(
      ({ path }) => path !== '*' && !STATIC_FILE.test(path) && !path.startsWith('/lwr/'),
    );
  }

  return {
    clock,
    get app() {
      return app;
    },
    get build() {
      return build;
    },
    get prefix() {
      return prefix;
    },
    get guest() {
      return guest;
    },
    get signedIn() {
      return signedIn;
    },
    figures,
    setUp,
    tearDown,
    realParams,
    searchToken,
    send,
    inBatches,
    signedDelivery,
    headersFor,
    identities,
    failuresOf,
    otherRoutes,
  };
}

export type HostileHarness = ReturnType<typeof hostileHarness>;
