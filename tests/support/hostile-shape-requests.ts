import type { InjectOptions } from 'fastify';
import { REMOTE_METHODS, remoteMethodRequest, type RemoteMethod } from '~core/gateway';
import { ROUTE_TABLE, VARIANT_ROOT, servingVariant } from '~core/routes';
import { serverClasses } from '~server/gateway/remote-classes.ts';
import {
  encodedEntry,
  headerEntry,
  HOSTILE_ENTRIES,
  HOSTILE_SHAPES,
  type HostileEntry,
  type HostileShape,
} from './hostile-corpus.ts';
import type { HostileHarness } from './hostile-harness.ts';
import {
  ORIGIN,
  QUERY_NAMES,
  STATIC_FILE,
  fastifyRoutes,
  fill,
  paramNames,
  querySuffix,
  type Identity,
  type RequestSet,
} from './hostile-requests.ts';

/*
 * The requests of the hostile-input run that bend the request itself (bodies too large, of the
 * wrong type or malformed, repeated parameters, methods a route was not made for), and the
 * pages rendered with an entry in each place a page reads.
 */

/** Every malformed request shape on every route that takes a body, and every method a route was not made for. */
export async function shapeRequests(h: HostileHarness): Promise<RequestSet> {
  const {
    app,
    build,
    prefix,
    guest,
    signedIn,
    realParams,
    send,
    signedDelivery,
    headersFor,
    identities,
    otherRoutes,
  } = h;
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
      requests.push(() => send(signedDelivery(shaped(h, shape, url, who, json)), sent, true));
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
      h,
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
  return { requests, writes: [] };
}

function shaped(
  h: HostileHarness,
  shape: HostileShape,
  url: string,
  who: Identity,
  json: boolean,
): InjectOptions {
  const headers = h.headersFor(who, { 'x-csrf-token': who.csrf, accept: 'text/html' });
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

/** Every page with every entry in its path, query, headers and cookies, and the other variant of each. */
export async function pageRequests(h: HostileHarness): Promise<RequestSet> {
  const { build, prefix, guest, figures, realParams, send, headersFor, identities } = h;
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
  return { requests, writes: [] };
}
