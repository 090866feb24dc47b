import type { HeadlessConfiguration } from '../../core/remote-methods.ts';
import type { SearchRequestInput } from '../../core/search-request.ts';
import { CSRF_HEADER } from '../csrf.ts';
import { GatewayError, requestJson, type GatewayClient } from '../gateway-client.ts';
import {
  CLICK_ENDPOINT,
  SEARCH_ENDPOINT,
  SUGGESTIONS_ENDPOINT,
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
  /** Logs a result click; it survives the page being left for the result. */
  logClick(click: { searchUid: string; uniqueId: string; position: number }): void;
}

export interface SearchClientOptions {
  gateway: GatewayClient;
  searchHub: string;
  csrfToken: string | null;
  fetch?: typeof fetch;
}

function accessTokenOf(configuration: string): string {
  const { accessToken } = JSON.parse(configuration) as Partial<HeadlessConfiguration>;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new GatewayError('The search configuration has no access token.', 'NO_SEARCH_TOKEN', 0);
  }
  return accessToken;
}

/**
 * Calls the search API with the hub's access token from getHeadlessConfiguration. Tokens are
 * short-lived: an answer of 401 fetches a fresh one and tries once more.
 */
export function createSearchClient(options: SearchClientOptions): SearchClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const { gateway, searchHub } = options;

  const token = async (refresh: boolean) =>
    accessTokenOf(await gateway.call('getHeadlessConfiguration', { searchHub }, { refresh }));

  const headers = (accessToken: string): Record<string, string> => ({
    authorization: `Bearer ${accessToken}`,
    ...(options.csrfToken ? { [CSRF_HEADER]: options.csrfToken } : {}),
  });

  async function post<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const send = async (refresh: boolean) =>
      requestJson<T>(
        url,
        {
          method: 'POST',
          body: JSON.stringify(body),
          headers: headers(await token(refresh)),
          ...(signal ? { signal } : {}),
        },
        fetchImpl,
      );
    try {
      return await send(false);
    } catch (error) {
      if (error instanceof GatewayError && error.status === 401) return send(true);
      throw error;
    }
  }

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
      void token(false)
        .then((accessToken) =>
          fetchImpl(CLICK_ENDPOINT, {
            method: 'POST',
            // keepalive, not sendBeacon: the API wants the token and CSRF headers.
            keepalive: true,
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json', ...headers(accessToken) },
            body: JSON.stringify({ ...click, searchHub }),
          }),
        )
        .catch(() => {
          // A lost click log costs one analytics record, never the visitor's navigation.
        });
    },
  };
}
