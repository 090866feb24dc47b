import type { ConsentState } from '~core/analytics';
import type { HeadlessConfiguration } from '~core/gateway';
import type { SearchRequestInput, ViewRequest } from '~core/search';
import { consentNow } from '../consent/consent-store.ts';
import { CSRF_HEADER } from '../csrf.ts';
import { GatewayError, requestJson, type GatewayClient } from '../gateway-client.ts';
import {
  CLICK_ENDPOINT,
  SEARCH_ENDPOINT,
  SUGGESTIONS_ENDPOINT,
  VIEW_ENDPOINT,
  type SearchResponse,
  type Suggestion,
} from './search-api.ts';

export interface SearchClient {
  readonly searchHub: string;
  search(
    request: Omit<SearchRequestInput, 'searchHub'>,
    signal?: AbortSignal,
  ): Promise<SearchResponse>;
  suggest(q: string, count: number, signal?: AbortSignal): Promise<Suggestion[]>;
  /**
   * Logs a result click, only with statistics consent (spec 4: search analytics need PERF); it
   * survives the page being left for the result.
   */
  logClick(click: { searchUid: string; uniqueId: string; position: number }): void;
  /** Logs the view of the page shown (spec 7), only with statistics consent, as clicks are. */
  logView(view: Omit<ViewRequest, 'searchHub' | 'csrfToken'>): void;
  /** Asks for the hub's token ahead of the first search, which then need not wait for it. */
  askForToken(): void;
}

export interface SearchClientOptions {
  gateway: GatewayClient;
  searchHub: string;
  csrfToken: string | null;
  fetch?: typeof fetch;
  /** The consent that applies now; read at each click, so a withdrawal stops logging at once. */
  consent?: () => ConsentState;
}

function accessTokenOf(configuration: string): string {
  const { accessToken } = JSON.parse(configuration) as Partial<HeadlessConfiguration>;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new GatewayError('The search configuration has no access token.', 'NO_SEARCH_TOKEN', 0);
  }
  return accessToken;
}

export interface SearchTokenSender {
  /**
   * Sends with the hub's search token and the CSRF token as headers. Tokens are short-lived: an
   * answer of 401 fetches a fresh one and sends once more.
   */
  send<T>(request: (headers: Record<string, string>) => Promise<T>): Promise<T>;
  /** Posts a log entry that survives the page being left (a click on a result or citation). */
  logInBackground(url: string, body: unknown): void;
  /**
   * Fetches the token now. A failure is left to the first send, which asks again and reports
   * it: the gateway keeps no failed answer.
   */
  askForToken(): void;
}

/*
 * A guest's first visit has no visitor cookie yet, and the server binds each token to the
 * visitor: two token requests at once (the header's search box and a recommendations block,
 * each for its hub) would each be given a new visitor id, the browser would keep one, and the
 * other hub's token would be refused once. A page's token requests therefore go one at a time,
 * so the first sets the cookie the others carry.
 */
let tokenRequests: Promise<unknown> = Promise.resolve();

function oneTokenRequestAtATime<T>(request: () => Promise<T>): Promise<T> {
  const next = tokenRequests.then(request, request);
  tokenRequests = next.catch(() => undefined);
  return next;
}

/** The hub's access token from getHeadlessConfiguration, for the search and answer APIs. */
export function searchTokenSender(options: SearchClientOptions): SearchTokenSender {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const { gateway, searchHub } = options;

  const token = async (refresh: boolean) =>
    accessTokenOf(
      await oneTokenRequestAtATime(() =>
        gateway.call('getHeadlessConfiguration', { searchHub }, { refresh }),
      ),
    );

  const headers = (accessToken: string): Record<string, string> => ({
    authorization: `Bearer ${accessToken}`,
    ...(options.csrfToken ? { [CSRF_HEADER]: options.csrfToken } : {}),
  });

  return {
    async send(request) {
      try {
        return await request(headers(await token(false)));
      } catch (error) {
        if (error instanceof GatewayError && error.status === 401) {
          return request(headers(await token(true)));
        }
        throw error;
      }
    },
    askForToken() {
      token(false).catch(() => undefined);
    },
    logInBackground(url, body) {
      void token(false)
        .then((accessToken) =>
          fetchImpl(url, {
            method: 'POST',
            // keepalive, not sendBeacon: the API wants the token and CSRF headers.
            keepalive: true,
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json', ...headers(accessToken) },
            body: JSON.stringify(body),
          }),
        )
        .catch(() => {
          // A lost log entry costs one analytics record, never the visitor's navigation.
        });
    },
  };
}

/** Calls the search API with the hub's access token (searchTokenSender). */
export function createSearchClient(options: SearchClientOptions): SearchClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const { searchHub } = options;
  const sender = searchTokenSender(options);

  const post = <T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> =>
    sender.send((headers) =>
      requestJson<T>(
        url,
        { method: 'POST', body: JSON.stringify(body), headers, ...(signal ? { signal } : {}) },
        fetchImpl,
      ),
    );

  return {
    searchHub,
    search: (request, signal) =>
      post<SearchResponse>(SEARCH_ENDPOINT, { ...request, searchHub }, signal),
    async suggest(q, count, signal) {
      const answer = await post<{ suggestions: Suggestion[] }>(
        SUGGESTIONS_ENDPOINT,
        { searchHub, q, count },
        signal,
      );
      return answer.suggestions.slice(0, count);
    },
    logClick(click) {
      if (!(options.consent ?? consentNow)().statistics) return;
      sender.logInBackground(CLICK_ENDPOINT, { ...click, searchHub });
    },
    logView(view) {
      if (!(options.consent ?? consentNow)().statistics) return;
      sender.logInBackground(VIEW_ENDPOINT, { ...view, searchHub });
    },
    askForToken: () => sender.askForToken(),
  };
}
