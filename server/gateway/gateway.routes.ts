import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GATEWAY_BASE_PATH,
  noClassAccessMessage,
  REMOTE_METHOD_CACHE_MS,
  REMOTE_METHODS,
} from '~core/gateway';
import type { Clock } from '../clock.ts';
import type { PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import { GATEWAY_ROOT, misnamed, unroutedGatewayCall } from './adapter-config.ts';
import { GatewayError } from './gateway-error.ts';
import { paramsFromBody, paramsFromQuery, validParams } from './method-params.ts';
import { isMethodOf, mayCall, serverClasses } from './remote-classes.ts';
import { enableRateLimits, perVisitorLimit } from '../http/rate-limit.ts';

export interface GatewayOptions {
  config: PortalConfig;
  database: PortalDatabase;
  clock: Clock;
}

/** Calls that change data, per session (or address for a guest). */
export const GATEWAY_POST_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const ROUTE = `${GATEWAY_BASE_PATH}/:className/:methodName`;

// Per-user answers: a shared cache must never hold them, and a browser keys them by cookie.
const CACHEABLE = `private, max-age=${REMOTE_METHOD_CACHE_MS / 1000}`;

type Verb = 'GET' | 'POST';

interface GatewayRoute {
  Params: { className: string; methodName: string };
}

function wrongVerb(method: string, cacheable: boolean): GatewayError {
  return new GatewayError(
    405,
    'METHOD_NOT_ALLOWED',
    cacheable
      ? `${method} is cacheable: call it with GET, its params as JSON in the methodParams query.`
      : `${method} is not cacheable: call it with POST, its params as the JSON body.`,
  );
}

/**
 * The platform gateway of spec 7: GET /lwr/apex/v65.0/{class}/{method}?methodParams=<JSON> for
 * cacheable methods, POST with the params as the JSON body for the others. The continuation
 * header is accepted and has no effect: no method here runs long enough to continue.
 */
export async function registerGateway(
  app: FastifyInstance,
  options: GatewayOptions,
): Promise<void> {
  const { config, database, clock } = options;
  const classes = serverClasses(config.prefix);

  async function answer(request: FastifyRequest<GatewayRoute>, reply: FastifyReply, verb: Verb) {
    const { className, methodName } = request.params;
    const badNames = misnamed(className, methodName);
    if (badNames) throw badNames;
    const serverClass = classes.get(className);
    if (serverClass === undefined) {
      throw new GatewayError(404, 'NOT_FOUND', `There is no server class named '${className}'.`);
    }
    if (!isMethodOf(serverClass, methodName)) {
      throw new GatewayError(
        404,
        'NOT_FOUND',
        `The server class '${className}' has no method named '${methodName}'.`,
      );
    }
    const { cacheable } = REMOTE_METHODS[methodName];
    if (verb !== (cacheable ? 'GET' : 'POST')) {
      reply.header('allow', cacheable ? 'GET, HEAD' : 'POST');
      throw wrongVerb(methodName, cacheable);
    }
    if (!mayCall(serverClass.access, request.viewer)) {
      throw new GatewayError(403, 'INSUFFICIENT_ACCESS', noClassAccessMessage(className));
    }
    const raw =
      verb === 'GET'
        ? paramsFromQuery(methodName, request.query)
        : paramsFromBody(methodName, request.body);
    const params = validParams(methodName, raw);
    const run = serverClass.methods.get(methodName);
    if (run === undefined) throw new Error(`${className}.${methodName} has no implementation`);
    const result = await run(
      {
        viewer: request.viewer,
        db: database.db,
        config,
        now: clock.now(),
        visitorKey: () => request.issueVisitorKey(),
      },
      params,
    );
    if (cacheable) reply.header('cache-control', CACHEABLE).header('vary', 'Cookie');
    // Serialised here: a method answering a string (a JSON configuration, a team name) must
    // still arrive as JSON.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  }

  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    const limitPosts = perVisitorLimit(scope, 'gateway.posts', GATEWAY_POST_LIMIT);

    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof GatewayError) {
        return reply
          .status(error.statusCode)
          .send({ message: error.message, errorCode: error.errorCode });
      }
      // Anything else (a malformed body, a rate limit, a fault) is answered by the site's handler.
      throw error;
    });

    scope.get<GatewayRoute>(ROUTE, (request, reply) => answer(request, reply, 'GET'));

    scope.post<GatewayRoute>(ROUTE, { onRequest: limitPosts }, (request, reply) =>
      answer(request, reply, 'POST'),
    );

    scope.all(`${GATEWAY_ROOT}/*`, async (request) => {
      throw unroutedGatewayCall(request.url.split('?', 1)[0] ?? '');
    });

    scope.route<GatewayRoute>({
      method: ['PUT', 'PATCH', 'DELETE'],
      url: ROUTE,
      handler: async (request, reply) => {
        reply.header('allow', 'GET, HEAD, POST');
        throw new GatewayError(
          405,
          'METHOD_NOT_ALLOWED',
          `The gateway answers GET for cacheable methods and POST for the others, not ${request.method}.`,
        );
      },
    });
  });
}
