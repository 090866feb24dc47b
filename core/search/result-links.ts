import type { RouteContract } from '../routes/index.ts';
import { rawText, type SearchResult, type SearchResultRaw } from './result.ts';
import { APPS_SYSSOURCE } from './scopes.ts';

/** What result links are built with: the configured bases and the site's route contract. */
export interface ResultLinkSettings {
  learningBaseUrl: string;
  appsHost: string;
  contract: Pick<RouteContract, 'path'>;
}

/** The rule of spec 2.6 that gave a result its link, in the order the rules are checked. */
export type ResultLinkRule =
  'learning' | 'guide' | 'article' | 'discussion' | 'topic' | 'app' | 'clickUri';

function withoutTrailingSlash(base: string): string {
  return base.replace(/\/+$/, '');
}

/** Spec 2.6 rule 1 and content cards: '{learning_base}/student/activity/{id}'. */
export function learningActivityUrl(learningBaseUrl: string, activityId: string): string {
  return `${withoutTrailingSlash(learningBaseUrl)}/student/activity/${encodeURIComponent(activityId)}`;
}

/** Spec 2.6 rule 6: the marketplace page of a listed app, '{apps_host}/app/{mpslug}'. */
export function appListingUrl(appsHost: string, slug: string): string {
  return `${withoutTrailingSlash(appsHost)}/app/${encodeURIComponent(slug)}`;
}

function appLink(raw: SearchResultRaw, appsHost: string): string | undefined {
  if (rawText(raw, 'mphaslisting') === 'true') {
    const slug = rawText(raw, 'mpslug');
    return slug === undefined ? undefined : appListingUrl(appsHost, slug);
  }
  return rawText(raw, 'mplandingpageurl');
}

/**
 * The rules of spec 2.6 in order. A rule that matches but lacks what its link is built from (an
 * article without a url name, a listed app without a slug) gives way to the next rule, so a
 * result always keeps a working link, at worst its clickUri.
 */
const RULES: readonly {
  rule: Exclude<ResultLinkRule, 'clickUri'>;
  link(raw: SearchResultRaw, settings: ResultLinkSettings): string | undefined;
}[] = [
  {
    rule: 'learning',
    link: (raw, settings) => {
      const id = rawText(raw, 'sfintellumapp__id__c');
      return id === undefined ? undefined : learningActivityUrl(settings.learningBaseUrl, id);
    },
  },
  {
    rule: 'guide',
    link: (raw, { contract }) => {
      const id = rawText(raw, 'sfguidecid');
      if (rawText(raw, 'objecttype') !== 'Guide__c' || id === undefined) return undefined;
      return contract.path('guide', { id });
    },
  },
  {
    rule: 'article',
    link: (raw, { contract }) => {
      const urlName = rawText(raw, 'sfurlname');
      if (rawText(raw, 'sfkbid') === undefined || urlName === undefined) return undefined;
      return contract.path('article', { urlName });
    },
  },
  {
    rule: 'discussion',
    link: (raw, { contract }) => {
      const id = rawText(raw, 'sffeeditemid');
      return id === undefined ? undefined : contract.path('discussion', { id });
    },
  },
  {
    rule: 'topic',
    link: (raw, { contract }) => {
      const id = rawText(raw, 'sftopicid');
      return id === undefined ? undefined : contract.path('topic', { id });
    },
  },
  {
    rule: 'app',
    link: (raw, settings) =>
      rawText(raw, 'syssource') === APPS_SYSSOURCE ? appLink(raw, settings.appsHost) : undefined,
  },
];

/** A result's link and the rule that chose it (spec 2.6 'Result and citation links'). */
export function rewriteResultLink(
  result: Pick<SearchResult, 'clickUri' | 'raw'>,
  settings: ResultLinkSettings,
): { link: string; rule: ResultLinkRule } {
  const raw = result.raw;
  if (raw) {
    for (const { rule, link } of RULES) {
      const built = link(raw, settings);
      if (built !== undefined) return { link: built, rule };
    }
  }
  return { link: result.clickUri, rule: 'clickUri' };
}

/** The product's own public URL for a search result or a generated-answer citation. */
export function resultLink(
  result: Pick<SearchResult, 'clickUri' | 'raw'>,
  settings: ResultLinkSettings,
): string {
  return rewriteResultLink(result, settings).link;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

type UrlParameters = Readonly<Record<string, string | number | boolean>> | URLSearchParams;

function setParameters(search: URLSearchParams, parameters: UrlParameters): void {
  const entries =
    parameters instanceof URLSearchParams ? [...parameters] : Object.entries(parameters);
  for (const [name, value] of entries) search.set(name, String(value));
}

/**
 * The link with the parameters merged into its query (a parameter already there is replaced).
 * A relative link keeps its path exactly as written. Spec 2.6: if merging fails, the original
 * link is used.
 */
export function withUrlParameters(link: string, parameters: UrlParameters): string {
  try {
    const trimmed = link.trim();
    if (SCHEME.test(trimmed) || trimmed.startsWith('//')) {
      const url = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
      setParameters(url.searchParams, parameters);
      return trimmed.startsWith('//') ? url.href.slice('https:'.length) : url.href;
    }
    const hashAt = trimmed.indexOf('#');
    const hash = hashAt === -1 ? '' : trimmed.slice(hashAt);
    const beforeHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
    const queryAt = beforeHash.indexOf('?');
    const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
    const search = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
    setParameters(search, parameters);
    const query = search.toString();
    return `${path}${query === '' ? '' : `?${query}`}${hash}`;
  } catch {
    return link;
  }
}
