import type { InjectOptions } from 'fastify';
import {
  REMOTE_METHOD_PARAMS,
  REMOTE_METHODS,
  remoteMethodRequest,
  type RemoteMethod,
} from '~core/gateway';
import { serverClasses } from '~server/gateway/remote-classes.ts';
import { encodedEntry, headerEntry, HOSTILE_ENTRIES } from './hostile-corpus.ts';
import type { HostileHarness } from './hostile-harness.ts';
import {
  JSON_BODIES,
  ORIGIN,
  QUERY_NAMES,
  fill,
  paramNames,
  postForms,
  querySuffix,
  withEntry,
  type Identity,
  type RequestSet,
} from './hostile-requests.ts';

/*
 * The requests of the hostile-input run to the gateway, to the routes outside React Router and
 * to the page actions: each entry of the corpus in each position those take input, by turns as a
 * guest and signed in. Writes are kept apart, to be sent one at a time.
 */

/** Every gateway method with every entry in its params, names and body. */
export async function gatewayRequests(h: HostileHarness): Promise<RequestSet> {
  const { prefix, figures, send, headersFor, identities } = h;
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
  return { requests, writes };
}

/** Every entry to every other route in its path, query, JSON body and headers. */
export async function routeRequests(h: HostileHarness): Promise<RequestSet> {
  const {
    figures,
    realParams,
    searchToken,
    send,
    signedDelivery,
    headersFor,
    identities,
    otherRoutes,
  } = h;
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
          const realPath = fill(pattern, (name) => (name === '*' ? 'auth' : (real[name] ?? 'x')));
          const headers = headersFor(who, { 'x-csrf-token': who.csrf });
          const searchApi = pattern.startsWith('/api/search') || pattern.startsWith('/api/answers');
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
  return { requests, writes };
}

function bodyFor(template: Record<string, unknown>, who: Identity): Record<string, unknown> {
  return JSON.parse(JSON.stringify(template).replaceAll('{csrf}', who.csrf)) as Record<
    string,
    unknown
  >;
}

/** Every entry into every field of every page action. */
export async function actionRequests(h: HostileHarness): Promise<RequestSet> {
  const { app, build, guest, figures, realParams, send, headersFor, identities } = h;
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
            fields: ['intent', 'title', 'body', 'text', 'reason', 'token', 'id'].map((name) => ({
              name,
              value: '',
              typed: true,
            })),
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
  return { requests, writes: [] };
}
