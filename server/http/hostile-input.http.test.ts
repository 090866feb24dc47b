import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { matchPath, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  REMOTE_METHOD_PARAMS,
  REMOTE_METHODS,
  remoteMethodRequest,
  type RemoteMethod,
} from '~core/gateway';
import { ROUTE_TABLE, VARIANT_ROOT, servingVariant } from '~core/routes';
import { ShiftedClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  encodedEntry,
  headerEntry,
  HOSTILE_ENTRIES,
  HOSTILE_SHAPES,
  type HostileEntry,
  type HostileShape,
} from '~tests/support/hostile-corpus.ts';
import {
  ORIGIN,
  BATCH,
  WINDOW_MS,
  TIMEOUT_MS,
  STATIC_FILE,
  QUERY_NAMES,
  JSON_BODIES,
  MARKUP_ENTRIES,
  WEBHOOK_SECRET,
  type Identity,
  type Sent,
  type Failure,
  type Figures,
  serverBuild,
  fastifyRoutes,
  postForms,
  hrefsOf,
  paramNames,
  fill,
  withEntry,
  querySuffix,
  hasMarkup,
} from '~tests/support/hostile-requests.ts';
import { WRITE_LOG, logWrites, orphanCounts } from '~tests/support/hostile-writes.ts';
import { signInAs } from '~tests/support/sessions.ts';
import type { Database } from '../db/schema.ts';
import { serverClasses } from '../gateway/remote-classes.ts';
import { importCommunityOnFirstStart } from '~server/modules/community';
import { importContentOnFirstStart } from '~server/modules/content';
import { INBOUND_MAIL_PATH } from '~server/modules/cases';
import { importLearningOnFirstStart, LEARNING_WEBHOOK_PATH } from '~server/modules/learning';
import { buildWithDemoData, setCookie } from './sign-in.fixture.ts';

/*
 * Every entry of the hostile-input corpus (tests/support/hostile-corpus.ts) to every route and
 * every gateway method, as a guest and as a signed-in partner. The routes are read from the
 * running server, never listed here: the React Router routes from the server build (with both
 * variants of each page of the route table), the other routes from Fastify's own route list,
 * the gateway's classes and methods from its registry, and the page actions' fields from the
 * forms the pages render. Checked for each answer: no 5xx, no markup reflected unescaped into an
 * HTML page, no header broken by a line break; for each refused write (4xx to anything but a
 * GET), no table gained or lost a row; at the end, no record is left without the one it belongs
 * to.
 */

describeEachDialect('hostile input to every route', (database) => {
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

  beforeAll(async () => {
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
    // The content imports and the crawl for real ids take seconds on a busy machine.
  }, TIMEOUT_MS);

  afterAll(async () => {
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
  });

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

  it(
    'calls every gateway method with every entry in its params, names and body',
    async () => {
      const requests: (() => Promise<unknown>)[] = [];
      const writes: (() => Promise<unknown>)[] = [];
      for (const serverClass of serverClasses(prefix).values()) {
        for (const method of serverClass.methods.keys()) {
          const target = `gateway ${serverClass.name}.${method}`;
          figures.gatewayMethods.add(target);
          const { cacheable } = REMOTE_METHODS[method as RemoteMethod];
          const names = Object.keys(REMOTE_METHOD_PARAMS[method as RemoteMethod].shape);
          const base = remoteMethodRequest(prefix, method as RemoteMethod, {} as never);
          const path = base.url.split('?', 1)[0] ?? '';
          HOSTILE_ENTRIES.forEach((entry, entryIndex) => {
            const encoded = encodedEntry(entry);
            const json = JSON.stringify(
              Object.fromEntries(
                (names.length > 0 ? names : ['extra']).map((name) => [name, entry.text]),
              ),
            );
            for (const who of identities()) {
              const sent = { target, entry: entry.name, identity: who.name };
              const headers = headersFor(who, { 'x-csrf-token': who.csrf });
              // The params as JSON, then the whole params (or the method name) as the entry itself.
              const whole = entryIndex % 2 === 0;
              if (cacheable) {
                const query = whole ? encoded : encodeURIComponent(json);
                requests.push(() =>
                  send(
                    { method: 'GET', url: `${path}?methodParams=${query}`, headers },
                    { ...sent, position: whole ? 'methodParams' : 'params' },
                  ),
                );
              } else {
                writes.push(() =>
                  send(
                    {
                      method: 'POST',
                      url: path,
                      headers: { ...headers, 'content-type': 'application/json' },
                      payload: whole ? JSON.stringify(entry.text) : json,
                    },
                    { ...sent, position: whole ? 'body' : 'params' },
                    true,
                  ),
                );
              }
              requests.push(() =>
                send(
                  {
                    method: cacheable ? 'GET' : 'POST',
                    url: `${path.slice(0, path.lastIndexOf('/'))}/${encoded}`,
                    headers: { ...headers, 'content-type': 'application/json' },
                    ...(cacheable ? {} : { payload: '{}' }),
                  },
                  { ...sent, position: 'method name' },
                ),
              );
            }
          });
        }
      }
      await inBatches(requests);
      await inBatches(writes, 1);
      expect(failuresOf('gateway ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  function otherRoutes() {
    return fastifyRoutes(app.printRoutes({ commonPrefix: false })).filter(
      ({ path }) => path !== '*' && !STATIC_FILE.test(path) && !path.startsWith('/lwr/'),
    );
  }

  it(
    'sends every entry to every other route in its path, query, JSON body and headers',
    async () => {
      const requests: (() => Promise<unknown>)[] = [];
      const writes: (() => Promise<unknown>)[] = [];
      for (const { path: pattern, methods } of otherRoutes()) {
        const real = realParams(pattern);
        for (const method of methods.filter((name) => ['GET', 'POST'].includes(name))) {
          const target = `route ${method} ${pattern}`;
          figures.routes.add(target);
          const bodyTemplate = JSON_BODIES[pattern] ?? {};
          HOSTILE_ENTRIES.forEach((entry, entryIndex) => {
            const encoded = encodedEntry(entry);
            identities().forEach((who, whoIndex) => {
              const sent = { target, entry: entry.name, identity: who.name };
              const hasParams = paramNames(pattern).length > 0;
              const realPath = fill(pattern, (name) =>
                name === '*' ? 'auth' : (real[name] ?? 'x'),
              );
              const headers = headersFor(who, { 'x-csrf-token': who.csrf });
              const searchApi =
                pattern.startsWith('/api/search') || pattern.startsWith('/api/answers');
              // The search APIs want the search token as well, in every position.
              const withToken = async (options: InjectOptions): Promise<InjectOptions> =>
                searchApi && method === 'POST'
                  ? {
                      ...options,
                      headers: {
                        ...options.headers,
                        authorization: `Bearer ${await searchToken(who)}`,
                      },
                    }
                  : options;
              const variants: { position: string; options: () => Promise<InjectOptions> }[] = [
                {
                  position: 'query and headers',
                  options: async () => ({
                    method: method as 'GET' | 'POST',
                    url: `${realPath}?${querySuffix(QUERY_NAMES, encoded)}`,
                    headers: {
                      ...headers,
                      'accept-language': headerEntry(entry),
                      referer: `${ORIGIN}/0/?q=${encoded}`,
                      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
                    },
                    ...(method === 'POST'
                      ? { payload: JSON.stringify(bodyFor(bodyTemplate, who)) }
                      : {}),
                  }),
                },
              ];
              if (hasParams) {
                variants.push({
                  position: 'path',
                  options: async () => ({
                    method: method as 'GET' | 'POST',
                    url: fill(pattern, () => encoded),
                    headers: {
                      ...headers,
                      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
                    },
                    ...(method === 'POST'
                      ? { payload: JSON.stringify(bodyFor(bodyTemplate, who)) }
                      : {}),
                  }),
                });
              }
              if (method === 'POST') {
                variants.push({
                  position: 'json fields',
                  options: async () => ({
                    method: 'POST',
                    url: realPath,
                    headers: {
                      ...headers,
                      'content-type': 'application/json',
                    },
                    // Every second entry in one field alone, the others in every field.
                    payload: JSON.stringify(
                      entryIndex % 2 === 0
                        ? withEntry(
                            { ...bodyFor(bodyTemplate, who), unexpected: entry.text },
                            entry.text,
                          )
                        : withEntry(bodyFor(bodyTemplate, who), entry.text, entryIndex >> 1),
                    ),
                  }),
                });
                variants.push({
                  position: 'form fields',
                  options: async () => ({
                    method: 'POST',
                    url: realPath,
                    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                    payload: `_csrf=${encodeURIComponent(who.csrf)}&${querySuffix(QUERY_NAMES, encoded)}`,
                  }),
                });
              }
              // Each position once for each entry, as a guest or signed in by turns.
              variants.forEach((variant, variantIndex) => {
                if ((entryIndex + variantIndex + whoIndex) % 2 !== 0) return;
                (method === 'GET' ? requests : writes).push(async () =>
                  send(
                    signedDelivery(await withToken(await variant.options())),
                    { ...sent, position: variant.position },
                    method !== 'GET',
                  ),
                );
              });
            });
          });
        }
      }
      await inBatches(requests);
      // One at a time: a refused write is told by the row counts just before and after it.
      await inBatches(writes, 1);
      expect(failuresOf('route ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  function bodyFor(template: Record<string, unknown>, who: Identity): Record<string, unknown> {
    return JSON.parse(JSON.stringify(template).replaceAll('{csrf}', who.csrf)) as Record<
      string,
      unknown
    >;
  }

  it(
    'posts every entry into every field of every page action',
    async () => {
      const requests: (() => Promise<unknown>)[] = [];
      const actionPages = Object.values(build.routes).filter(
        (route) => route?.path !== undefined && route.module.action !== undefined,
      );
      for (const route of actionPages) {
        const pattern = route?.path ?? '';
        const target = `action ${pattern}`;
        figures.routes.add(target);
        const real = realParams(pattern);
        const pagePath = fill(pattern, (name) => real[name] ?? 'x');
        for (const who of identities()) {
          const page = await app.inject({ url: pagePath, headers: { cookie: who.cookie } });
          const forms = postForms(page.body, pagePath).filter(
            (form) => (form.action.split('?', 1)[0] ?? '') === pagePath,
          );
          // A page that shows this visitor no form still takes a post: the fields a form might have.
          const submissions = forms.flatMap((form) =>
            (form.buttons.length > 0 ? form.buttons : [undefined]).map((button) => ({
              form,
              button,
            })),
          );
          if (submissions.length === 0) {
            submissions.push({
              form: {
                action: pagePath,
                buttons: [],
                fields: ['intent', 'title', 'body', 'text', 'reason', 'token', 'id'].map(
                  (name) => ({
                    name,
                    value: '',
                    typed: true,
                  }),
                ),
              },
              button: undefined,
            });
          }
          HOSTILE_ENTRIES.forEach((entry, entryIndex) => {
            // Signed in, every entry; as a guest, whom most actions refuse early, every third.
            if (who === guest && entryIndex % 3 !== 0) return;
            const encoded = encodedEntry(entry);
            const { form, button } = submissions[entryIndex % submissions.length] ?? {};
            if (!form) return;
            // Every typed field gets the entry; every second entry also replaces the page's own values.
            const all = entryIndex % 2 === 1;
            const pairs = form.fields
              .filter((field) => field.name !== '_csrf')
              .map(
                (field) =>
                  `${encodeURIComponent(field.name)}=${field.typed || all ? encoded : encodeURIComponent(field.value)}`,
              );
            if (button)
              pairs.push(
                `${encodeURIComponent(button.name)}=${all ? encoded : encodeURIComponent(button.value)}`,
              );
            pairs.unshift(`_csrf=${encodeURIComponent(who.csrf)}`);
            const sent = {
              target,
              entry: entry.name,
              position: `form ${button?.value ?? form.fields.map((field) => field.name).join(',')}${all ? ' (all fields)' : ''}`,
              identity: who.name,
            };
            requests.push(() =>
              send(
                {
                  method: 'POST',
                  url: form.action,
                  headers: headersFor(who, {
                    'content-type': 'application/x-www-form-urlencoded',
                    accept: 'text/html',
                  }),
                  payload: pairs.join('&'),
                },
                sent,
                true,
              ),
            );
          });
        }
      }
      // One at a time: a refused write is told by the row counts just before and after it.
      await inBatches(requests, 1);
      expect(failuresOf('action ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'answers every malformed request shape on every route that takes a body',
    async () => {
      const requests: (() => Promise<unknown>)[] = [];
      const targets: { target: string; url: string; json: boolean }[] = [];
      for (const route of Object.values(build.routes)) {
        if (route?.path === undefined || route.module.action === undefined) continue;
        targets.push({
          target: `shape action ${route.path}`,
          url: fill(route.path, (name) => realParams(route.path ?? '')[name] ?? 'x'),
          json: false,
        });
      }
      for (const { path, methods } of otherRoutes()) {
        if (!methods.includes('POST')) continue;
        const real = realParams(path);
        targets.push({
          target: `shape route ${path}`,
          url: fill(path, (name) => (name === '*' ? 'auth' : (real[name] ?? 'x'))),
          json: true,
        });
      }
      for (const serverClass of serverClasses(prefix).values()) {
        for (const method of serverClass.methods.keys()) {
          if (REMOTE_METHODS[method as RemoteMethod].cacheable) continue;
          targets.push({
            target: `shape gateway ${serverClass.name}.${method}`,
            url: remoteMethodRequest(prefix, method as RemoteMethod, {} as never).url,
            json: true,
          });
        }
      }
      targets.forEach(({ target, url, json }, targetIndex) => {
        HOSTILE_SHAPES.forEach((shape, shapeIndex) => {
          const who = identities()[(targetIndex + shapeIndex) % 2] ?? guest;
          const sent = { target, entry: shape.name, position: shape.kind, identity: who.name };
          requests.push(() => send(signedDelivery(shaped(shape, url, who, json)), sent, true));
        });
      });
      // The methods a route was not made for: a form posted to a page without an action, and
      // every other method a route lists (PUT, PATCH, DELETE, OPTIONS...) with a hostile body.
      for (const route of Object.values(build.routes)) {
        if (route?.path === undefined || route.path === '' || route.module.action !== undefined) {
          continue;
        }
        const url = fill(route.path, (name) => realParams(route.path ?? '')[name] ?? 'x');
        const sent = {
          target: `shape method POST ${route.path}`,
          entry: 'form to a page without an action',
          position: 'method',
          identity: signedIn.name,
        };
        const options = shaped(
          HOSTILE_SHAPES[HOSTILE_SHAPES.length - 1] as HostileShape,
          url,
          signedIn,
          false,
        );
        requests.push(() => send(options, sent, true));
      }
      const everyRoute = fastifyRoutes(app.printRoutes({ commonPrefix: false })).filter(
        ({ path }) => path !== '*' && !STATIC_FILE.test(path),
      );
      for (const { path, methods } of everyRoute) {
        const real = realParams(path);
        const url = fill(path, (name) => (name === '*' ? 'auth' : (real[name] ?? 'x')));
        for (const method of methods.filter((name) => !['GET', 'HEAD', 'POST'].includes(name))) {
          const sent = {
            target: `shape method ${method} ${path}`,
            entry: 'script tag',
            position: 'method and JSON body',
            identity: guest.name,
          };
          requests.push(() =>
            send(
              {
                method: method as 'PUT',
                url,
                headers: headersFor(guest, {
                  'x-csrf-token': guest.csrf,
                  'content-type': 'application/json',
                }),
                payload: JSON.stringify({ q: '<script>alert(1)</script>' }),
              },
              sent,
              true,
            ),
          );
        }
      }
      // Query strings with every parameter twice, on every page and GET route.
      const gets = [
        ...Object.values(build.routes)
          .map((route) => route?.path)
          .filter((path): path is string => path !== undefined && path !== '' && path !== '*'),
        ...otherRoutes()
          .filter(({ methods }) => methods.includes('GET'))
          .map(({ path }) => path),
      ];
      gets.forEach((pattern, index) => {
        const who = identities()[index % 2] ?? guest;
        const real = realParams(pattern);
        const url = `${fill(pattern, (name) => (name === '*' ? 'auth' : (real[name] ?? 'x')))}?${querySuffix(QUERY_NAMES, 'a', true)}&q=%3Cb%3E&q[]=1&q[x]=2`;
        const sent = {
          target: `shape get ${pattern}`,
          entry: 'every parameter twice',
          position: 'query',
          identity: who.name,
        };
        requests.push(() => send({ method: 'GET', url, headers: headersFor(who) }, sent));
      });
      await inBatches(requests, 1);
      expect(failuresOf('shape ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  function shaped(shape: HostileShape, url: string, who: Identity, json: boolean): InjectOptions {
    const headers = headersFor(who, { 'x-csrf-token': who.csrf, accept: 'text/html' });
    const form = `_csrf=${encodeURIComponent(who.csrf)}`;
    switch (shape.kind) {
      case 'oversized-body':
        return {
          method: 'POST',
          url,
          headers: {
            ...headers,
            'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
          },
          payload: json
            ? `{"csrfToken":"${who.csrf}","q":"${'a'.repeat(shape.bytes)}"}`
            : `${form}&q=${'a'.repeat(shape.bytes)}`,
        };
      case 'content-type':
      case 'malformed-body': {
        const body = shape.contentType?.startsWith('application/x-www-form-urlencoded')
          ? `${form}&${shape.body}`
          : shape.body;
        return {
          method: 'POST',
          url,
          headers: {
            ...headers,
            ...(shape.contentType === undefined ? {} : { 'content-type': shape.contentType }),
          },
          payload: body,
        };
      }
      case 'duplicate-parameters':
        return json
          ? {
              method: 'POST',
              url: `${url}?${querySuffix(QUERY_NAMES, 'a', true)}`,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: `{"csrfToken":"${who.csrf}","q":"a","q":"b","searchHub":"x","searchHub":"y"}`,
            }
          : {
              method: 'POST',
              url,
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              payload: `${form}&${form}&${querySuffix(['intent', 'title', 'body', 'id', 'token'], 'a', true)}`,
            };
    }
  }

  it(
    'renders every page with every entry in its path, query, headers and cookies',
    async () => {
      const requests: (() => Promise<unknown>)[] = [];
      const pages = Object.values(build.routes)
        .map((route) => route?.path)
        .filter((path): path is string => path !== undefined && path !== '');
      pages.forEach((pattern, routeIndex) => {
        const target = `page ${pattern}`;
        figures.routes.add(target);
        const real = realParams(pattern);
        const hasParams = paramNames(pattern).length > 0;
        // Four entries a request: in the path (or the first query names), in the other query
        // names, in the headers and in the cookies.
        for (let first = 0; first < HOSTILE_ENTRIES.length; first += 4) {
          const entry = HOSTILE_ENTRIES[first] as HostileEntry;
          const inQuery = HOSTILE_ENTRIES[first + 1] ?? entry;
          const inHeaders = HOSTILE_ENTRIES[first + 2] ?? entry;
          const inCookies = HOSTILE_ENTRIES[first + 3] ?? entry;
          const turn = routeIndex + first / 4;
          const inPath = hasParams && turn % 2 === 0;
          const who = identities()[Math.floor(turn / 2) % 2] ?? guest;
          const encoded = encodedEntry(entry);
          const path = fill(pattern, (name) => (inPath ? encoded : (real[name] ?? 'x')));
          const half = QUERY_NAMES.length / 2;
          const query = [
            ...(inPath ? [] : [querySuffix(QUERY_NAMES.slice(0, half), encoded)]),
            querySuffix(QUERY_NAMES.slice(half), encodedEntry(inQuery)),
          ].join('&');
          const cookie = encodedEntry(inCookies);
          const headers = headersFor(who, {
            referer: `${ORIGIN}/0/?q=${encodedEntry(inHeaders)}`,
            'accept-language': headerEntry(inHeaders),
            'user-agent': headerEntry(inHeaders),
            cookie: `${who.cookie}; CookieConsent=${cookie}; ${prefix}_region=${cookie}`,
          });
          const carried = [entry, inQuery, inHeaders, inCookies];
          const sent = {
            target,
            entry: carried.map((item) => item.name).join(' + '),
            position: `${inPath ? 'path' : 'query'} + query + headers + cookies`,
            identity: who.name,
          };
          requests.push(() =>
            send({ method: 'GET', url: `${path}?${query}`, headers }, sent, false, carried),
          );
        }
      });
      // The other variant's path of each page of the route table: a redirect that carries the query.
      for (const route of ROUTE_TABLE) {
        const other = servingVariant(route) === 'aura' ? 'lwr' : 'aura';
        const template = other === 'aura' ? route.legacyPath : route.newPath;
        if (template === null) continue;
        const target = `page ${VARIANT_ROOT[other]}${template} (other variant)`;
        figures.routes.add(target);
        // Two entries a request: one in the id placeholder and the q parameter, one in startURL.
        for (let first = 0; first < HOSTILE_ENTRIES.length; first += 2) {
          const entry = HOSTILE_ENTRIES[first] as HostileEntry;
          const second = HOSTILE_ENTRIES[first + 1] ?? entry;
          const who = identities()[(first / 2) % 2] ?? guest;
          const encoded = encodedEntry(entry);
          const [path = '', query] = `${VARIANT_ROOT[other]}${template}`
            .replaceAll('{product}', 'ledgerleaf-books')
            .replace(/\{\w+\}/g, encoded)
            .split('?');
          const carried = [`q=${encoded}`, `startURL=${encodedEntry(second)}`].join('&');
          const url = `${path}?${[query, carried].filter(Boolean).join('&')}`;
          const sent = {
            target,
            entry: `${entry.name} + ${second.name}`,
            position: 'path and query',
            identity: who.name,
          };
          requests.push(() =>
            send({ method: 'GET', url, headers: headersFor(who) }, sent, false, [entry, second]),
          );
        }
      }
      await inBatches(requests);
      expect(failuresOf('page ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it('leaves no record without the record it belongs to', async () => {
    const orphans = await orphanCounts(database());
    expect(orphans).toEqual(Object.fromEntries(Object.keys(orphans).map((name) => [name, 0])));
    expect(figures.requests).toBeGreaterThan(0);
  });
});
