import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeIssue } from '../../../core/analytics-events.schema.ts';
import {
  clickRequestSchema,
  searchRequestSchema,
  suggestionsRequestSchema,
} from '../../../core/search-request.ts';
import type { PortalConfig } from '../../config.ts';
import type { PortalDatabase } from '../../db/database.ts';
import { enableRateLimits, rateLimited } from '../../http/rate-limit.ts';
import { searchTokenKey, verifySearchToken } from '../search-token/search-token.ts';
import { searchEngineFor } from './search-engine.ts';
import { createSearchService, SearchRequestError } from './search.service.ts';

export const SEARCH_PATH = '/api/search';
export const SUGGESTIONS_PATH = '/api/search/suggestions';
export const CLICK_PATH = '/api/search/click';

/** Per session (or address, for guests) and minute: typing sends a suggestion request per pause. */
export const SEARCH_RATE_LIMITS = {
  search: { max: 120, timeWindow: 60_000 },
  suggestions: { max: 300, timeWindow: 60_000 },
  click: { max: 120, timeWindow: 60_000 },
} as const;

const BODY_LIMIT = 32 * 1024;

export const INVALID_SEARCH_TOKEN = {
  errorCode: 'INVALID_SEARCH_TOKEN',
  missing: 'A search token is required: send "authorization: Bearer <accessToken>".',
  refused: {
    malformed: 'The search token is not valid.',
    signature: 'The search token is not valid.',
    expired: 'The search token has expired; ask for a new search configuration.',
    'wrong-hub': 'The search token was issued for another search hub.',
  },
} as const;

export interface SearchRoutesOptions {
  config: PortalConfig;
  database: PortalDatabase;
}

function invalid(message: string) {
  return new SearchRequestError(message);
}

/** Bad JSON is the caller's mistake like any other, with the search API's error code. */
function parseJson(
  _request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) {
  try {
    done(null, body === '' ? undefined : (JSON.parse(body) as unknown));
  } catch {
    done(invalid('The body must be valid JSON'));
  }
}

function validated<Schema extends z.ZodType>(body: unknown, schema: Schema): z.output<Schema> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('The body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(describeIssue(parsed.error));
  return parsed.data;
}

/**
 * POST /api/search, /api/search/suggestions and /api/search/click (docs/search-api.md). Each
 * takes the search token getHeadlessConfiguration issued for the request's searchHub, and the
 * CSRF token every state-changing request carries (checked by the site-wide hook).
 */
export async function registerSearchRoutes(
  app: FastifyInstance,
  options: SearchRoutesOptions,
): Promise<void> {
  const { config, database } = options;
  const tokenKey = searchTokenKey(config.sessionSecret);
  const service = createSearchService({
    database,
    engine: searchEngineFor(database),
    site: config,
  });

  /** Refuses the request (401) unless it carries a live token for its hub. */
  async function authorised(request: FastifyRequest, reply: FastifyReply, searchHub: string) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      await reply
        .status(401)
        .send({ message: INVALID_SEARCH_TOKEN.missing, errorCode: INVALID_SEARCH_TOKEN.errorCode });
      return false;
    }
    const check = verifySearchToken(tokenKey, match[1], searchHub);
    if (!check.ok) {
      await reply.status(401).send({
        message: INVALID_SEARCH_TOKEN.refused[check.reason],
        errorCode: INVALID_SEARCH_TOKEN.errorCode,
      });
      return false;
    }
    return true;
  }

  await app.register(async (scope) => {
    await enableRateLimits(scope);
    const limit = (settings: { max: number; timeWindow: number }) =>
      scope.rateLimit({
        ...settings,
        keyGenerator: (request) => request.viewer.sessionId ?? request.ip,
        errorResponseBuilder: rateLimited,
      });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);

    scope.post(
      SEARCH_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit(SEARCH_RATE_LIMITS.search) },
      async (request, reply) => {
        const body = validated(request.body, searchRequestSchema);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        return service.search(body, { isGuest: request.viewer.isGuest });
      },
    );

    scope.post(
      SUGGESTIONS_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit(SEARCH_RATE_LIMITS.suggestions) },
      async (request, reply) => {
        const body = validated(request.body, suggestionsRequestSchema);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        return { suggestions: await service.suggest(body) };
      },
    );

    scope.post(
      CLICK_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit(SEARCH_RATE_LIMITS.click) },
      async (request, reply) => {
        const body = validated(request.body, clickRequestSchema);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, body.searchHub))) return reply;
        await service.recordClick(body);
        return reply.status(204).send();
      },
    );
  });
}
