import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import type { ServerBuild } from 'react-router';
import { HOSTILE_ENTRIES } from './hostile-corpus.ts';
import { ROUTE_TABLE } from '~core/routes';

/*
 * What the hostile-input run (server/http/hostile-input.http.test.ts) sends and how it reads
 * answers: the routes of the server build and of Fastify, the forms a page renders, paths filled
 * from their templates, the entries placed in bodies and queries.
 */
export const ORIGIN = 'http://localhost:3000';
/** Requests in flight at once; each batch moves the clock on a rate-limit window. */
export const BATCH = 12;
export const WINDOW_MS = 61_000;
/** Each part sends thousands of requests. */
export const TIMEOUT_MS = 300_000;
/** Route prefixes that only serve files of the build: another suite covers them. */
export const STATIC_FILE = /^\/(assets|img)\/|^\/favicon\.svg$|^\/resource\/.+\.txt$/;
/** Query parameter names: generic ones and those the route table's templates name (caseId...). */
export const QUERY_NAMES = [
  ...new Set([
    'q',
    'id',
    'page',
    'tab',
    'sort',
    'filter',
    'startURL',
    'retURL',
    'token',
    'language',
    'type',
    'searchHub',
    ...ROUTE_TABLE.flatMap((route) =>
      [route.legacyPath, route.newPath].flatMap((template) =>
        [...(template ?? '').matchAll(/[?&](\w+)=/g)].map((match) => match[1] ?? 'id'),
      ),
    ),
  ]),
];
/**
 * Bodies that get the JSON routes past validation, so one entry at a time reaches the handler;
 * {csrf} is the caller's token. A route without one here still gets every entry in every
 * position, in an otherwise empty body.
 */
export const JSON_BODIES: Readonly<Record<string, Record<string, unknown>>> = {
  '/api/search': { searchHub: 'LL_GlobalSearch', q: 'invoice', csrfToken: '{csrf}' },
  '/api/search/suggestions': { searchHub: 'LL_GlobalSearch', q: 'inv', csrfToken: '{csrf}' },
  '/api/search/click': {
    searchHub: 'LL_GlobalSearch',
    searchUid: 'uid',
    uniqueId: 'doc',
    position: 0,
    csrfToken: '{csrf}',
  },
  '/api/search/view': {
    searchHub: 'LL_GlobalSearch',
    contentType: 'Articles',
    contentIdKey: '@sfid',
    contentIdValue: 'ka0',
    location: '/s/article/connect-a-bank-feed',
    csrfToken: '{csrf}',
  },
  '/api/answers/stream': {
    searchHub: 'LL_GlobalSearch',
    q: 'how do I invoice',
    csrfToken: '{csrf}',
  },
  '/api/answers/:answerId/feedback': { helpful: false, details: 'text', csrfToken: '{csrf}' },
  '/api/answers/:answerId/citation-clicks': { citationId: 'c1', csrfToken: '{csrf}' },
  '/api/analytics/events': {
    csrfToken: '{csrf}',
    events: [
      {
        name: 'link clicked',
        fields: {
          linkName: 'Contact support',
          linkDestination: '/s/contact-support',
          isExternal: false,
          screenName: 'home',
        },
        occurredAt: '2026-01-01T00:00:00.000Z',
        pagePath: '/0/',
      },
    ],
  },
  '/api/learning/webhook': {
    item: {
      id: 'HOSTILE-W-1',
      type: 'webinar',
      title: 'Webinar from the webhook',
      description: 'Delivered by the learning platform.',
      durationMinutes: 40,
      sessions: [
        {
          id: 'HOSTILE-W-1-UK',
          startsAt: '2030-01-05T10:00:00Z',
          timeZone: 'Europe/London',
          region: 'UK',
        },
      ],
    },
  },
  '/api/errors': {
    csrfToken: '{csrf}',
    message: 'message',
    source: 'source',
    pagePath: '/0/',
    occurredAt: '2026-01-01T00:00:00.000Z',
  },
};
/** The entries whose markup must never reach a page unescaped, whichever request stored them. */
export const MARKUP_ENTRIES = HOSTILE_ENTRIES.filter((entry) => entry.marker !== undefined);
/** The learning platform's shared secret in this portal, so webhook deliveries can be signed. */
export const WEBHOOK_SECRET = 'hostile-input-webhook-secret';
/** Fields that keep their value so the request gets past the first check. */
export const KEPT_FIELDS = new Set(['csrfToken', 'searchHub', '_csrf']);

/** Requests to send many at a time, and writes to send one at a time. */
export interface RequestSet {
  requests: (() => Promise<unknown>)[];
  writes: (() => Promise<unknown>)[];
}

export interface Identity {
  name: 'guest' | 'signed-in';
  cookie: string;
  csrf: string;
  searchToken?: { value: string; atMs: number };
}

export interface Sent {
  target: string;
  entry: string;
  position: string;
  identity: string;
}

export interface Failure extends Sent {
  problem: string;
}

export interface Figures {
  requests: number;
  byStatus: Map<number, number>;
  /** Answers by status for each route, for HOSTILE_INPUT_REPORT. */
  byTarget: Map<string, Map<number, number>>;
  msByTarget: Map<string, number>;
  failures: Failure[];
  routes: Set<string>;
  gatewayMethods: Set<string>;
}

export interface FormField {
  name: string;
  value: string;
  /** Whether a visitor types into it (text, textarea) or the page fills it in (hidden, buttons). */
  typed: boolean;
}

export interface PageForm {
  action: string;
  fields: FormField[];
  /** Each submit button's name and value: one submission per button. */
  buttons: { name: string; value: string }[];
}

/** The routes of the React Router build: every page the app renders, with its action if any. */
export async function serverBuild(): Promise<ServerBuild> {
  const entry = pathToFileURL(resolve('build', 'server', 'index.js')).href;
  return (await import(entry)) as ServerBuild;
}

/** `app.printRoutes` as (path, methods) rows: Fastify's own list of what it serves. */
export function fastifyRoutes(printed: string): { path: string; methods: string[] }[] {
  const rows: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    // A wildcard below a path is printed as its own node ('/oidc' then '*').
    const path = stack.join('').replace(/([^/])\*$/, '$1/*');
    if (match[3]) rows.push({ path, methods: match[3].split(', ') });
  }
  return rows;
}

export function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1]
    ?.replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** The post forms of a rendered page, as a browser would read them. */
export function postForms(html: string, pagePath: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const tag = match[1] ?? '';
    if ((attribute(tag, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const inner = match[2] ?? '';
    const fields: FormField[] = [];
    const buttons: { name: string; value: string }[] = [];
    for (const input of inner.matchAll(/<(input|textarea|select|button)\b([^>]*)>/g)) {
      const element = input[1] ?? '';
      const attributes = input[2] ?? '';
      const name = attribute(attributes, 'name');
      const type = (attribute(attributes, 'type') ?? '').toLowerCase();
      if (element === 'button' || type === 'submit') {
        if (name) buttons.push({ name, value: attribute(attributes, 'value') ?? '' });
        continue;
      }
      if (!name) continue;
      const hidden = type === 'hidden';
      const choice = type === 'checkbox' || type === 'radio';
      if (choice && fields.some((field) => field.name === name)) continue;
      fields.push({
        name,
        value: attribute(attributes, 'value') ?? (choice ? 'on' : ''),
        typed: !hidden && !choice,
      });
    }
    forms.push({ action: attribute(tag, 'action') ?? pagePath, fields, buttons });
  }
  return forms;
}

export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|action)="([^"]+)"/g)]
    .map((match) => (match[1] ?? '').replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith('/') && !href.startsWith('//'));
}

export function paramNames(pattern: string): string[] {
  return [...pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

export function fill(pattern: string, values: (name: string) => string): string {
  return pattern.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => values(name ?? '*'));
}

/**
 * A JSON body with the entry in its string values, the kept fields left as they are: in every
 * one (`only` undefined), or in the `only`-th alone (counted round), so the other fields stay
 * valid and the entry gets past validation into what is stored.
 */
export function withEntry(body: unknown, text: string, only?: number): unknown {
  let leaves = 0;
  const replaced = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      if (key !== undefined && KEPT_FIELDS.has(key)) return value;
      leaves += 1;
      return only === undefined || only === leaves - 1 ? text : value;
    }
    if (Array.isArray(value)) return value.map((item) => replaced(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, replaced(item, name)]),
      );
    }
    return value;
  };
  replaced(body);
  const count = leaves;
  leaves = 0;
  if (only !== undefined && count > 0) only %= count;
  return replaced(body);
}

export function querySuffix(names: readonly string[], encoded: string, twice = false): string {
  const pairs = names.map((name) => `${name}=${encoded}`);
  return (twice ? [...pairs, ...pairs] : pairs).join('&');
}

export function hasMarkup(response: LightMyRequestResponse, marker: string | undefined): boolean {
  if (marker === undefined) return false;
  const type = String(response.headers['content-type'] ?? '');
  return type.startsWith('text/html') && response.body.includes(marker);
}
