import { useMemo } from 'react';
import {
  REMOTE_METHOD_CACHE_MS,
  REMOTE_METHODS,
  remoteMethodRequest,
  type RemoteMethod,
  type RemoteMethodParams,
  type RemoteMethodResults,
} from '~core/gateway';
import { CSRF_HEADER, useCsrfToken } from './csrf.ts';
import { useSiteConfig } from './site.ts';

/** A failed call, with the message and errorCode the server answered (spec 7). */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    message: string,
    readonly errorCode: string,
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
  ) {
    super(message);
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

async function errorFrom(response: Response): Promise<GatewayError> {
  let message = response.statusText || `HTTP ${response.status}`;
  let errorCode = `HTTP_${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown; errorCode?: unknown };
    if (typeof body.message === 'string' && body.message !== '') message = body.message;
    if (typeof body.errorCode === 'string' && body.errorCode !== '') errorCode = body.errorCode;
  } catch {
    // Not JSON (a proxy's error page, say): the status says enough.
  }
  return new GatewayError(message, errorCode, response.status);
}

/**
 * Spec 7: a same-origin JSON request, GET unless told otherwise, with a JSON UTF-8 content type;
 * an error answer is read for message and errorCode and thrown as a GatewayError.
 */
export async function requestJson<T>(
  url: string,
  request: JsonRequest = {},
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Accept: 'application/json',
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.cache ? { cache: request.cache } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new GatewayError('Aborted', 'ABORTED', 0);
    }
    throw new GatewayError(error instanceof Error ? error.message : String(error), 'NETWORK', 0);
  }
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export interface CallOptions {
  /** Skip the cache and store the fresh answer (spec 4: tier data is "cached and refreshable"). */
  refresh?: boolean;
  signal?: AbortSignal;
}

export interface GatewayClientOptions {
  prefix: string;
  /** The page's CSRF token, sent with every POST. */
  csrfToken: string | null;
  /** Whose answers these are: cached answers are never shared between two visitors. */
  cacheScope: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface GatewayClient {
  call<M extends RemoteMethod>(
    method: M,
    params: RemoteMethodParams<M>,
    options?: CallOptions,
  ): Promise<RemoteMethodResults[M]>;
}

interface CacheEntry {
  expiresAt: number;
  value: Promise<unknown>;
}

/** Shared by every client of the page, so two blocks asking the same thing make one request. */
const cache = new Map<string, CacheEntry>();

/** Forgets every cached answer (after signing out, say, or between tests). */
export function clearGatewayCache(): void {
  cache.clear();
}

/**
 * Calls remote server methods through the platform gateway: cacheable methods by GET with
 * methodParams in the query, answers kept for the remote-method cache time (300000 ms) per
 * visitor; other methods by POST with the params as the JSON body and the CSRF header.
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  return {
    call(method, params, callOptions = {}) {
      const request = remoteMethodRequest(options.prefix, method, params);
      const send = () =>
        requestJson<never>(
          request.url,
          {
            method: request.method,
            ...(request.body === undefined ? {} : { body: request.body }),
            ...(request.method === 'POST' && options.csrfToken
              ? { headers: { [CSRF_HEADER]: options.csrfToken } }
              : {}),
            ...(callOptions.signal ? { signal: callOptions.signal } : {}),
            // The gateway lets the browser keep cacheable answers for a while; a refresh must
            // get past that copy too.
            ...(callOptions.refresh ? { cache: 'reload' as const } : {}),
          },
          fetchImpl,
        );
      if (!REMOTE_METHODS[method].cacheable) return send();

      const key = `${options.cacheScope}\n${request.url}`;
      const cached = cache.get(key);
      if (!callOptions.refresh && cached && cached.expiresAt > now()) {
        return cached.value as Promise<never>;
      }
      const value = send();
      const entry: CacheEntry = { expiresAt: now() + REMOTE_METHOD_CACHE_MS, value };
      cache.set(key, entry);
      // A failure is not an answer: the next call asks again.
      value.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      return value;
    },
  };
}

/**
 * The gateway for the visitor of this page: answers are kept per session, which the CSRF token
 * identifies (it changes when someone signs in or out).
 */
export function visitorGateway(options: { prefix: string; csrfToken: string | null }) {
  return createGatewayClient({
    prefix: options.prefix,
    csrfToken: options.csrfToken,
    cacheScope: options.csrfToken ?? 'anonymous',
  });
}

/** The visitor's gateway in a component; undefined without the root data (the error page). */
export function useGateway(): GatewayClient | undefined {
  const prefix = useSiteConfig()?.prefix;
  const csrfToken = useCsrfToken() || null;
  return useMemo(
    () => (prefix === undefined ? undefined : visitorGateway({ prefix, csrfToken })),
    [prefix, csrfToken],
  );
}
