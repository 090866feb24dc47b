import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestConsent } from '~core/consent';
import {
  clickRequestSchema,
  searchRequestSchema,
  suggestionsRequestSchema,
  viewRequestSchema,
} from '~core/search';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { parseJsonBodies, validatedBody } from '~server/http/json-body.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import { acceptsSearchToken, searchTokenKey } from '~server/modules/search-token';
import type { ContentSource } from './content-source.ts';
import { searchProviderFor } from './search-provider.ts';
import { createSearchService, SearchRequestError } from './search.service.ts';
import { searchVisitorKeys } from './search-visitor.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';

export const SEARCH_PATH = '/api/search';
export const SUGGESTIONS_PATH = '/api/search/suggestions';
export const CLICK_PATH = '/api/search/click';
export const VIEW_PATH = '/api/search/view';

/** Per session (or address, for guests) and minute: typing sends a suggestion request per pause. */
export const SEARCH_RATE_LIMITS = {
  search: { max: 120, timeWindow: 60_000 },
  suggestions: { max: 300, timeWindow: 60_000 },
  click: { max: 120, timeWindow: 60_000 },
  /** A view per page shown: generous, since a visitor may read many pages a minute. */
  view: { max: 120, timeWindow: 60_000 },
} as const;

const BODY_LIMIT = BODY_LIMITS.search;

export interface SearchRoutesOptions {
  config: PortalConfig;
  database: PortalDatabase;
  content: ContentSource;
  clock?: Clock;
}

function invalid(message: string) {
  return new SearchRequestError(message);
}

/**
 * POST /api/search, /api/search/suggestions, /api/search/click and /api/search/view
 * (docs/search-api.md). Each takes the search token getHeadlessConfiguration issued for the
 * request's searchHub, and the CSRF token every state-changing request carries (checked by the
 * site-wide hook).
 */
export async function registerSearchRoutes(
  app: FastifyInstance,
  options: SearchRoutesOptions,
): Promise<void> {
  const { config, database, content, clock = systemClock } = options;
  const tokenKey = searchTokenKey(config.sessionSecret);
  const visitors = searchVisitorKeys(config, SEARCH_PATH);
  const service = createSearchService({
    database,
    engine: searchProviderFor(database, config),
    content,
    site: config,
    clock,
  });

  /** Spec 4: search analytics run only when the visitor's consent includes PERF. */
  const statisticsConsent = (request: FastifyRequest) =>
    requestConsent(
      {
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        secGpc: request.headers['sec-gpc'] as string | undefined,
      },
      config.prefix,
    ).statistics;

  const authorised = (request: FastifyRequest, reply: FastifyReply, searchHub: string) =>
    acceptsSearchToken(request, reply, tokenKey, searchHub, clock);

  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    const limit = (name: keyof typeof SEARCH_RATE_LIMITS) =>
      perVisitorLimit(scope, `search.${name}`, SEARCH_RATE_LIMITS[name]);
    parseJsonBodies(scope, invalid);

    scope.post(
      SEARCH_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('search') },
      async (request, reply) => {
        const body = validatedBody(request.body, searchRequestSchema, invalid);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        const statistics = statisticsConsent(request);
        const visitorKey = visitors.keyOf(request, reply, statistics);
        return service.search(body, {
          isGuest: request.viewer.isGuest,
          isPartner: request.viewer.user?.isPartner === true,
          statistics,
          ...(visitorKey ? { visitorKey } : {}),
        });
      },
    );

    scope.post(
      SUGGESTIONS_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('suggestions') },
      async (request, reply) => {
        const body = validatedBody(request.body, suggestionsRequestSchema, invalid);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        return {
          suggestions: await service.suggest(body, {
            isPartner: request.viewer.user?.isPartner === true,
          }),
        };
      },
    );

    scope.post(
      CLICK_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('click') },
      async (request, reply) => {
        const body = validatedBody(request.body, clickRequestSchema, invalid);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        await service.recordClick(body, { statistics: statisticsConsent(request) });
        return reply.status(204).send();
      },
    );

    scope.post(
      VIEW_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('view') },
      async (request, reply) => {
        const body = validatedBody(request.body, viewRequestSchema, invalid);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        await service.recordView(body, { statistics: statisticsConsent(request) });
        return reply.status(204).send();
      },
    );
  });
}
