import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ANSWER_STREAM_PATH,
  answerFeedbackSchema,
  answerStreamRequestSchema,
  citationClickSchema,
  formatServerSentEvent,
} from '~core/answers';
import { requestConsent } from '~core/consent';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { parseJsonBodies, validatedBody } from '~server/http/json-body.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import { acceptsSearchToken, searchTokenKey } from '~server/modules/search-token';
import { withFallback, type AnswerProvider } from './answer-provider.ts';
import {
  AnswerRequestError,
  answerEvents,
  createAnswersService,
  type Asker,
} from './answers.service.ts';
import { groundedProvider } from './grounded-provider.ts';
import { createLlmProvider } from './llm-provider.ts';
import type { PassageSource } from './passage-sources.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';

export const FEEDBACK_PATH = '/api/answers/:answerId/feedback';
export const CITATION_CLICKS_PATH = '/api/answers/:answerId/citation-clicks';

/**
 * Per session (or address, for guests) and minute. An answer costs more than a search (and a
 * model call, when one is configured), and the panel asks for one per search, not per keystroke.
 */
export const ANSWER_RATE_LIMITS = {
  stream: { max: 30, timeWindow: 60_000 },
  feedback: { max: 60, timeWindow: 60_000 },
  citationClicks: { max: 120, timeWindow: 60_000 },
} as const;

const BODY_LIMIT = BODY_LIMITS.answers;

const invalid = (message: string) => new AnswerRequestError(message);

export interface AnswerRoutesOptions {
  config: PortalConfig;
  database: PortalDatabase;
  /** Default: the model of config.llm falling back to the grounded provider, or the grounded one. */
  provider?: AnswerProvider;
  passageSources?: readonly PassageSource[];
  clock?: Clock;
}

function providerFor(options: AnswerRoutesOptions, app: FastifyInstance): AnswerProvider {
  if (options.provider) return options.provider;
  const { llm } = options.config;
  if (llm === undefined) return groundedProvider;
  return withFallback(createLlmProvider(llm), groundedProvider, (error) => {
    app.log.warn({ err: error }, 'The answer model failed; the grounded answer was given');
  });
}

/** Who asks, and whether spec 4's PERF consent lets their events be counted (docs/insight.md). */
function askerOf(request: FastifyRequest, prefix: string): Asker {
  const statistics = requestConsent(
    {
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
      secGpc: request.headers['sec-gpc'] as string | undefined,
    },
    prefix,
  ).statistics;
  return request.viewer.isGuest ? { statistics } : { userId: request.viewer.user.id, statistics };
}

/**
 * POST /api/answers/stream, /api/answers/{answerId}/feedback and …/citation-clicks
 * (docs/answers.md). Each takes the search token of the hub (the answer's hub, for feedback and
 * clicks) and the CSRF token every state-changing request carries (the site-wide hook).
 */
export async function registerAnswerRoutes(
  app: FastifyInstance,
  options: AnswerRoutesOptions,
): Promise<void> {
  const { config, database, clock = systemClock } = options;
  const tokenKey = searchTokenKey(config.sessionSecret);
  const service = createAnswersService({
    database,
    site: config,
    provider: providerFor(options, app),
    clock,
    ...(options.passageSources ? { passageSources: options.passageSources } : {}),
  });

  const authorised = (
    request: FastifyRequest,
    reply: FastifyReply,
    searchHub: () => Promise<string>,
  ) => acceptsSearchToken(request, reply, tokenKey, searchHub, clock);

  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    const limit = (name: keyof typeof ANSWER_RATE_LIMITS) =>
      perVisitorLimit(scope, `answers.${name}`, ANSWER_RATE_LIMITS[name]);
    parseJsonBodies(scope, invalid);

    scope.post(
      ANSWER_STREAM_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('stream') },
      async (request, reply) => {
        const body = validatedBody(request.body, answerStreamRequestSchema, invalid);
        service.modeOf(body.searchHub);
        if (!(await authorised(request, reply, async () => body.searchHub))) return reply;

        const stream = new PassThrough();
        const stopped = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) stopped.abort();
        });
        const write = (text: string) => {
          if (!stream.writableEnded && !stream.destroyed) stream.write(text);
        };
        // The stream opens at once with a comment (which SSE readers skip): the headers go out
        // before the answer is ready, so a visitor who leaves while it is written closes an
        // open stream, not a request still waiting for its headers (which Fastify answers as a
        // 500 'Premature close').
        write(': answering\n\n');
        void (async () => {
          try {
            const answer = await service.answer(
              body,
              askerOf(request, config.prefix),
              stopped.signal,
            );
            for (const event of answerEvents(answer)) write(formatServerSentEvent(event));
          } catch (error) {
            if (!stopped.signal.aborted) {
              request.log.error(error);
              write(
                formatServerSentEvent({
                  event: 'error',
                  data: { message: 'The answer could not be generated. Try again later.' },
                }),
              );
            }
          } finally {
            stream.end();
          }
        })();
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );

    scope.post<{ Params: { answerId: string } }>(
      FEEDBACK_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('feedback') },
      async (request, reply) => {
        const body = validatedBody(request.body, answerFeedbackSchema, invalid);
        const { answerId } = request.params;
        if (!(await authorised(request, reply, () => service.hubOf(answerId)))) return reply;
        await service.recordFeedback(answerId, body, askerOf(request, config.prefix));
        return reply.status(204).send();
      },
    );

    scope.post<{ Params: { answerId: string } }>(
      CITATION_CLICKS_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('citationClicks') },
      async (request, reply) => {
        const body = validatedBody(request.body, citationClickSchema, invalid);
        const { answerId } = request.params;
        if (!(await authorised(request, reply, () => service.hubOf(answerId)))) return reply;
        await service.recordCitationClick(answerId, body, askerOf(request, config.prefix));
        return reply.status(204).send();
      },
    );
  });
}
