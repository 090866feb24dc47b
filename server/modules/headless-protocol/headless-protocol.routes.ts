import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestConsent } from '~core/consent';
import {
  HEADLESS_PROTOCOL_BASE,
  INVALID_REQUEST,
  libraryClientId,
  ProtocolError,
  unsupportedFeature,
  USAGE_EVENT_TYPES,
  type UsageEventType,
} from '~core/headless-protocol';
import { searchSettings } from '~core/search';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BODY_LIMITS, tooLargeMessage } from '~server/http/body-limits.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import {
  createSearchService,
  searchProviderFor,
  SearchRequestError,
  visitorPseudonyms,
  type ContentSource,
} from '~server/modules/search';
import { searchTokenKey } from '~server/modules/search-token';
import { caseAssistProtocol } from './case-assist.service.ts';
import { protocolAccess, type ProtocolCaller } from './protocol-access.ts';
import { searchProtocol } from './search-protocol.service.ts';
import { usageAnalytics } from './usage-analytics.service.ts';

const BASE = HEADLESS_PROTOCOL_BASE;
export const SEARCH_API_PATH = `${BASE}/rest/search/v2`;
const ORGANIZATION_PATH = `${BASE}/rest/organizations/:organizationId`;
const CASE_ASSIST_PATH = `${ORGANIZATION_PATH}/caseassists/:caseAssistId`;
const INSIGHT_PATH = `${ORGANIZATION_PATH}/insight/v1/configs/:insightId`;
const USAGE_ANALYTICS_PATH = `${BASE}/rest/ua/v15/analytics/:eventType`;

/** Per visitor and minute, as the portal's own search API allows (search.routes.ts). */
export const PROTOCOL_RATE_LIMITS = {
  search: { max: 120, timeWindow: 60_000 },
  querySuggest: { max: 300, timeWindow: 60_000 },
  caseAssist: { max: 60, timeWindow: 60_000 },
  analytics: { max: 300, timeWindow: 60_000 },
} as const;

export interface HeadlessProtocolOptions {
  config: PortalConfig;
  database: PortalDatabase;
  content: ContentSource;
  clock?: Clock;
}

interface OrganizationParams {
  organizationId: string;
  caseAssistId?: string;
  insightId?: string;
}

/** Errors in the Search API's shape: {statusCode, message, type}; the rest go to the site's. */
function answerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ProtocolError) return reply.status(error.statusCode).send(error.body);
  if (error instanceof SearchRequestError) {
    return reply
      .status(400)
      .send({ statusCode: 400, message: error.message, type: INVALID_REQUEST });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? tooLargeMessage(BODY_LIMITS.searchLibrary)
        : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The body must be valid JSON'
          : error.message;
    return reply
      .status(status)
      .send({ statusCode: status, message, type: error.code ?? INVALID_REQUEST });
  }
  throw error;
}

/**
 * The search library's protocol under one base path (docs/headless-compatibility.md, decision
 * 031): the Search API, case assist, insight and usage analytics, answered by the portal's own
 * search, classifiers and search analytics. Requests carry a search token instead of the CSRF
 * token (app.ts exempts the base path): a cross-site page cannot read one, nor set the header.
 */
export async function registerHeadlessProtocolRoutes(
  app: FastifyInstance,
  options: HeadlessProtocolOptions,
): Promise<void> {
  const { config, database, content, clock = systemClock } = options;
  const access = protocolAccess(config, searchTokenKey(config.sessionSecret), clock);
  const search = createSearchService({
    database,
    engine: searchProviderFor(database, config),
    content,
    site: config,
    clock,
  });
  const supportHub = searchSettings(config).find((settings) => settings.mode === 'support')!;
  const searching = searchProtocol({ database, search, siteUrl: config.siteUrl });
  const caseAssist = caseAssistProtocol({ database, search, supportHub, siteUrl: config.siteUrl });
  const recordUsage = usageAnalytics({ database, search, clock });
  const pseudonymOf = visitorPseudonyms(config.sessionSecret);

  /** Spec 4: search analytics only under the visitor's statistics (PERF) consent. */
  const statistics = (request: FastifyRequest) =>
    requestConsent(
      {
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        secGpc: request.headers['sec-gpc'] as string | undefined,
      },
      config.prefix,
    ).statistics;
  const visitorOf = (request: FastifyRequest) => ({
    isGuest: request.viewer.isGuest,
    isPartner: request.viewer.user?.isPartner === true,
    statistics: statistics(request),
  });
  const organizationOf = (request: FastifyRequest) =>
    (request.query as Record<string, unknown> | undefined)?.organizationId;

  const agentOnly = (request: FastifyRequest, caller: ProtocolCaller) => {
    if (!request.viewer.user?.isAgent) {
      throw new ProtocolError(403, 'AccessDenied', 'Insight is for the support team only.');
    }
    if (caller.settings.mode !== 'support') {
      throw new ProtocolError(403, 'AccessDenied', 'Insight searches the support hub only.');
    }
  };

  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    const limit = (name: keyof typeof PROTOCOL_RATE_LIMITS) =>
      perVisitorLimit(scope, `headless.${name}`, PROTOCOL_RATE_LIMITS[name]);
    scope.setErrorHandler(answerError);
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          done(null, body === '' ? {} : (JSON.parse(body as string) as unknown));
        } catch {
          done(new ProtocolError(400, INVALID_REQUEST, 'The body must be valid JSON'));
        }
      },
    );
    // Quick view posts a form, and a browser's beacon sends its analytics event as one.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'string' },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    const routeOptions = (name: keyof typeof PROTOCOL_RATE_LIMITS) => ({
      bodyLimit: BODY_LIMITS.searchLibrary,
      onRequest: limit(name),
    });

    scope.post(SEARCH_API_PATH, routeOptions('search'), async (request, reply) => {
      const caller = await access.caller(request, reply, organizationOf(request));
      if (!caller) return reply;
      const visitor = visitorOf(request);
      // The library's own id for the browser: its callers need not keep the portal's cookie.
      const clientId = visitor.statistics ? libraryClientId(request.body) : undefined;
      return searching.search(request.body, caller.settings, {
        ...visitor,
        ...(clientId ? { visitorKey: pseudonymOf(clientId) } : {}),
      });
    });

    scope.post(
      `${SEARCH_API_PATH}/querySuggest`,
      routeOptions('querySuggest'),
      async (request, reply) => {
        const caller = await access.caller(request, reply, organizationOf(request));
        if (!caller) return reply;
        return searching.querySuggest(request.body, caller.settings, visitorOf(request));
      },
    );

    scope.post(`${SEARCH_API_PATH}/facet`, routeOptions('querySuggest'), async (request, reply) => {
      const caller = await access.caller(request, reply, organizationOf(request));
      if (!caller) return reply;
      return searching.facetSearch(request.body, caller.settings, visitorOf(request));
    });

    // The standalone search box asks where to send the visitor; the portal has no redirect rules.
    scope.post(`${SEARCH_API_PATH}/plan`, routeOptions('search'), async (request, reply) => {
      const caller = await access.caller(request, reply, organizationOf(request));
      if (!caller) return reply;
      const q = (request.body as { q?: unknown } | undefined)?.q;
      const query = typeof q === 'string' ? q : '';
      return {
        parsedInput: { basicExpression: query, largeExpression: '' },
        preprocessingOutput: { triggers: [] },
      };
    });

    const quickView = async (request: FastifyRequest, reply: FastifyReply) => {
      const form = request.body instanceof URLSearchParams ? request.body : undefined;
      const query = request.query as Record<string, string | undefined>;
      const caller = await access.caller(request, reply, query.organizationId, form);
      if (!caller) return reply;
      const uniqueId = query.uniqueId ?? form?.get('uniqueId') ?? '';
      if (uniqueId === '') {
        throw new ProtocolError(400, INVALID_REQUEST, 'uniqueId: the document to show is required');
      }
      const html = await searching.quickView(uniqueId, visitorOf(request));
      if (html === undefined) {
        throw new ProtocolError(400, INVALID_REQUEST, `uniqueId: no document '${uniqueId}'`);
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(html);
    };
    scope.post(`${SEARCH_API_PATH}/html`, routeOptions('search'), quickView);
    scope.get(`${SEARCH_API_PATH}/html`, routeOptions('search'), quickView);

    scope.post<{ Params: OrganizationParams }>(
      `${CASE_ASSIST_PATH}/classify`,
      routeOptions('caseAssist'),
      async (request, reply) => {
        const caller = await access.caller(request, reply, request.params.organizationId);
        if (!caller) return reply;
        return caseAssist.classify(request.body, request.params.caseAssistId ?? '', request.viewer);
      },
    );

    scope.post<{ Params: OrganizationParams; Querystring: { numberOfResults?: string } }>(
      `${CASE_ASSIST_PATH}/documents/suggest`,
      routeOptions('caseAssist'),
      async (request, reply) => {
        const caller = await access.caller(request, reply, request.params.organizationId);
        if (!caller) return reply;
        const wanted = Number(request.query.numberOfResults ?? 5);
        return caseAssist.suggestDocuments(
          request.body,
          request.params.caseAssistId ?? '',
          Number.isInteger(wanted) ? wanted : 5,
          request.viewer,
          visitorOf(request),
        );
      },
    );

    scope.post<{ Params: OrganizationParams }>(
      `${INSIGHT_PATH}/search`,
      routeOptions('search'),
      async (request, reply) => {
        const caller = await access.caller(request, reply, request.params.organizationId);
        if (!caller) return reply;
        agentOnly(request, caller);
        return searching.search(request.body, caller.settings, visitorOf(request));
      },
    );

    scope.post<{ Params: OrganizationParams }>(
      `${INSIGHT_PATH}/querySuggest`,
      routeOptions('querySuggest'),
      async (request, reply) => {
        const caller = await access.caller(request, reply, request.params.organizationId);
        if (!caller) return reply;
        agentOnly(request, caller);
        return searching.querySuggest(request.body, caller.settings, visitorOf(request));
      },
    );

    scope.post<{ Params: { eventType: string } }>(
      USAGE_ANALYTICS_PATH,
      routeOptions('analytics'),
      async (request, reply) => {
        const type = request.params.eventType;
        if (!(USAGE_EVENT_TYPES as readonly string[]).includes(type)) {
          throw unsupportedFeature(`The usage analytics event '${type}'`);
        }
        const form = request.body instanceof URLSearchParams ? request.body : undefined;
        const caller = await access.caller(request, reply, undefined, form);
        if (!caller) return reply;
        await recordUsage(type as UsageEventType, request.body, caller, statistics(request));
        return reply.status(200).send({});
      },
    );

    // Anything else the library (or another front end) asks for is named back, never a 404:
    // the library would take a 404 for the network being down.
    scope.all(`${BASE}/*`, { bodyLimit: BODY_LIMITS.searchLibrary }, async (request) => {
      const path = request.url.split('?', 1)[0] ?? '';
      throw unsupportedFeature(`The service at ${request.method} ${path}`);
    });
  });
}
