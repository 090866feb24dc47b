import {
  buildSearchEngine,
  type SearchEngine,
  type SearchEngineConfiguration,
} from '@coveo/headless';
import type { HeadlessConfiguration } from '~core/gateway';
import type { LibraryVisitor } from './headless-protocol.fixture.ts';

/*
 * The search library's engines built the way a front end moved to the portal builds them: the
 * configuration getHeadlessConfiguration answers, merged with the spec's search and analytics
 * settings (spec 7), the endpoints pointing at the portal. In Node there is no browser to send
 * the visitor's cookies, so each request carries them.
 */

type PreprocessRequest = NonNullable<SearchEngineConfiguration['preprocessRequest']>;

export function withCookies(visitor: LibraryVisitor): PreprocessRequest {
  return (request) => ({
    ...request,
    headers: { ...(request.headers as Record<string, string>), cookie: visitor.cookie },
  });
}

export function searchEngineConfiguration(
  configuration: HeadlessConfiguration,
  visitor: LibraryVisitor,
  renewAccessToken?: () => Promise<string>,
): SearchEngineConfiguration {
  return {
    organizationId: configuration.organizationId,
    accessToken: configuration.accessToken,
    ...(renewAccessToken ? { renewAccessToken } : {}),
    search: {
      searchHub: configuration.searchHub,
      pipeline: configuration.pipeline,
      proxyBaseUrl: configuration.endpoints.search,
    },
    analytics: {
      anonymous: true,
      analyticsMode: 'legacy',
      proxyBaseUrl: configuration.endpoints.analytics,
    },
    preprocessRequest: withCookies(visitor),
  };
}

export function searchEngineFor(
  configuration: HeadlessConfiguration,
  visitor: LibraryVisitor,
  renewAccessToken?: () => Promise<string>,
): SearchEngine {
  return buildSearchEngine({
    configuration: searchEngineConfiguration(configuration, visitor, renewAccessToken),
    loggerOptions: { level: 'silent' },
  });
}

/** Waits until `read` gives something, polling the engine's state. */
export async function until<T>(read: () => T | undefined | false, what: string): Promise<T> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the library never got ${what}`);
}

/** Runs `action` and waits for the search it starts to be answered. */
export async function searched(engine: SearchEngine, action: () => void): Promise<void> {
  const before = engine.state.search.response.searchUid;
  action();
  await until(
    () =>
      !engine.state.search.isLoading &&
      (engine.state.search.response.searchUid !== before || engine.state.search.error !== null),
    'a search answer',
  );
  if (engine.state.search.error) {
    throw new Error(`the search failed: ${JSON.stringify(engine.state.search.error)}`);
  }
}
