import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AGENT_CHAT_API,
  CHAT_API,
  CHAT_MESSAGE_MAX,
  PRESENCE_BEAT_MS,
  resumeAfter,
} from '~core/contact';
import { initialRegion, regionCookieName } from '~core/regions';
import type { Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';
import { parseJsonBodies, validatedBody } from '~server/http/json-body.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import { sessionCookieOptions } from '~server/http/session.ts';
import { caseReplySettings } from '~server/modules/cases';
import type { PortalUser } from '~server/modules/identity';
import { caseForAddress, requestChatCode, type AddressCaseContext } from './chat-address-case.ts';
import { askForPerson } from './chat-handover.ts';
import { QUEUE_NEWS, type ChatNews } from './chat-news.ts';
import { sendEventStream, streamsClosing } from './chat-stream.ts';
import type { ChatRow } from './chat.repository.ts';
import {
  agentChatLists,
  agentStillThere,
  chatLinesAfter,
  chatOfSecret,
  endChat,
  findChat,
  keepAssistantAnswer,
  sendAgentReply,
  sendVisitorMessage,
  startChat,
  type ChatContext,
  type ChatWrite,
} from './chat.service.ts';

/** Per session (or address, for guests) and minute. */
export const CHAT_RATE_LIMITS = {
  start: { max: 10, timeWindow: 60_000 },
  answers: { max: 30, timeWindow: 60_000 },
  messages: { max: 30, timeWindow: 60_000 },
  person: { max: 10, timeWindow: 60_000 },
  streams: { max: 60, timeWindow: 60_000 },
  agentMessages: { max: 120, timeWindow: 60_000 },
} as const;

class ChatRequestError extends Error {
  readonly statusCode = 400;
  readonly code = 'INVALID_CHAT_REQUEST';
}
const invalid = (message: string) => new ChatRequestError(message);

const answerBody = z.object({
  question: z.string().max(CHAT_MESSAGE_MAX * 2),
  answerId: z.string().min(1).max(64),
});
// Twice the limit in characters reaches the rule, which says how long the message was.
const messageBody = z.object({ text: z.string().max(CHAT_MESSAGE_MAX * 2) });
const addressBody = z.object({ email: z.string().max(320) });
const codeBody = addressBody.extend({ code: z.string().max(32) });

export interface ChatRoutesOptions {
  config: PortalConfig;
  news: ChatNews;
  db: ChatContext['db'];
  clock: Clock;
  /** The keys of the e-mail codes and the cases' follow links (a guest's chat as a case). */
  codeKey: Buffer;
  followKey: Buffer;
}

/** The visitor's and the agents' chat API (docs/contact-support.md, "Chat"). */
export async function registerChatRoutes(app: FastifyInstance, options: ChatRoutesOptions) {
  const { config, news, db, clock } = options;
  const cookie = `${config.prefix}_chat`;
  const cookieOptions = { ...sessionCookieOptions(config), path: CHAT_API };
  const replies = caseReplySettings(config);
  const context = (): ChatContext => ({ db, news, now: clock.now() });
  const addressContext = (): AddressCaseContext => ({
    ...context(),
    siteUrl: config.siteUrl,
    brand: config.brand,
    codeKey: options.codeKey,
    followKey: options.followKey,
    replies,
  });
  const refusal = (reply: FastifyReply, outcome: { kind: string }) =>
    reply.status(outcome.kind === 'limited' ? 429 : outcome.kind === 'not-now' ? 409 : 400);
  const closing = streamsClosing();
  app.addHook('preClose', () => closing.close());

  const visitorChat = async (request: FastifyRequest) => {
    const secret = request.cookies[cookie];
    return secret ? chatOfSecret({ db }, secret) : undefined;
  };
  const requireChat = async (request: FastifyRequest, reply: FastifyReply) => {
    const chat = await visitorChat(request);
    if (!chat)
      void reply.status(404).send({ message: 'Start a chat first.', errorCode: 'NO_CHAT' });
    return chat;
  };
  const answerWrite = (reply: FastifyReply, outcome: ChatWrite) =>
    outcome.kind === 'sent'
      ? reply.send({ seq: outcome.seq })
      : reply.status(outcome.kind === 'invalid' ? 400 : 409).send({
          message: outcome.message,
          errorCode: outcome.kind === 'invalid' ? 'INVALID_CHAT_MESSAGE' : 'CHAT_ENDED',
          field: 'message',
        });
  const requireAgent = (request: FastifyRequest, reply: FastifyReply): PortalUser | undefined => {
    const viewer = request.viewer;
    if (!viewer.isGuest && viewer.user.isAgent) return viewer.user;
    void reply.status(403).send({ message: 'Only agents can do this.', errorCode: 'AGENTS_ONLY' });
    return undefined;
  };
  const agentOf = (user: PortalUser) => ({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
  });

  const linesStream = (request: FastifyRequest, reply: FastifyReply, chat: ChatRow) => {
    let after = resumeAfter(request.headers['last-event-id'] as string | undefined);
    return sendEventStream(
      request,
      reply,
      {
        news,
        topic: chat.id,
        async sendNew(send) {
          for (const line of await chatLinesAfter({ db }, chat.id, after)) {
            send(line.seq, 'line', line);
            after = line.seq;
          }
          return true;
        },
      },
      closing,
    );
  };

  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    const limit = (name: keyof typeof CHAT_RATE_LIMITS) =>
      perVisitorLimit(scope, `chat.${name}`, CHAT_RATE_LIMITS[name]);
    parseJsonBodies(scope, invalid);
    const post = { bodyLimit: BODY_LIMITS.chat };

    scope.get(CHAT_API, async (request, reply) => {
      const chat = await visitorChat(request);
      return reply
        .header('cache-control', 'no-store')
        .send({ chat: chat ? { status: chat.status } : null });
    });

    scope.post(
      `${CHAT_API}/start`,
      { ...post, onRequest: limit('start') },
      async (request, reply) => {
        const open = await visitorChat(request);
        if (open && open.status !== 'ended') return reply.send({ status: open.status });
        const viewer = request.viewer;
        const started = await startChat(context(), {
          region: initialRegion({
            cookieValue: request.cookies[regionCookieName(config.prefix)],
            acceptLanguage: request.headers['accept-language'] ?? null,
          }),
          userId: viewer.isGuest ? null : viewer.user.id,
        });
        return reply.setCookie(cookie, started.secret, cookieOptions).send({ status: 'assistant' });
      },
    );

    scope.post(
      `${CHAT_API}/answers`,
      { ...post, onRequest: limit('answers') },
      async (request, reply) => {
        const body = validatedBody(request.body, answerBody, invalid);
        const chat = await requireChat(request, reply);
        if (!chat) return reply;
        return answerWrite(reply, await keepAssistantAnswer(context(), chat, body));
      },
    );

    scope.post(
      `${CHAT_API}/messages`,
      { ...post, onRequest: limit('messages') },
      async (request, reply) => {
        const body = validatedBody(request.body, messageBody, invalid);
        const chat = await requireChat(request, reply);
        if (!chat) return reply;
        return answerWrite(reply, await sendVisitorMessage(context(), chat, body.text));
      },
    );

    scope.post(
      `${CHAT_API}/person`,
      { ...post, onRequest: limit('person') },
      async (request, reply) => {
        const chat = await requireChat(request, reply);
        if (!chat) return reply;
        const outcome = await askForPerson(
          { ...context(), viewer: request.viewer, siteUrl: config.siteUrl, replies },
          chat,
        );
        return reply.send(outcome);
      },
    );

    // A guest with no agent online proves the address their chat's case will belong to.
    scope.post(
      `${CHAT_API}/code`,
      { ...post, onRequest: limit('person') },
      async (request, reply) => {
        const body = validatedBody(request.body, addressBody, invalid);
        const chat = await requireChat(request, reply);
        if (!chat) return reply;
        const outcome = await requestChatCode(addressContext(), chat, {
          email: body.email,
          networkAddress: request.ip,
        });
        return outcome.kind === 'sent'
          ? reply.send(outcome)
          : refusal(reply, outcome).send(outcome);
      },
    );

    scope.post(
      `${CHAT_API}/case`,
      { ...post, onRequest: limit('person') },
      async (request, reply) => {
        const body = validatedBody(request.body, codeBody, invalid);
        const chat = await requireChat(request, reply);
        if (!chat) return reply;
        const outcome = await caseForAddress(addressContext(), chat, {
          ...body,
          networkAddress: request.ip,
        });
        return outcome.kind === 'address-case'
          ? reply.send(outcome)
          : refusal(reply, outcome).send(outcome);
      },
    );

    scope.post(
      `${CHAT_API}/end`,
      { ...post, onRequest: limit('person') },
      async (request, reply) => {
        const chat = await requireChat(request, reply);
        if (!chat) return reply;
        await endChat(context(), chat, { visitor: true });
        return reply.status(204).send();
      },
    );

    scope.get(`${CHAT_API}/events`, { onRequest: limit('streams') }, async (request, reply) => {
      const chat = await requireChat(request, reply);
      if (!chat) return reply;
      return linesStream(request, reply, chat);
    });

    scope.get(
      `${AGENT_CHAT_API}/queue`,
      { onRequest: limit('streams') },
      async (request, reply) => {
        const agent = requireAgent(request, reply);
        if (!agent) return reply;
        let shown = '';
        return sendEventStream(
          request,
          reply,
          {
            news,
            topic: QUEUE_NEWS,
            beat: { everyMs: PRESENCE_BEAT_MS, run: () => agentStillThere(context(), agent.id) },
            async sendNew(send) {
              const lists = await agentChatLists({ db }, agent.id);
              const text = JSON.stringify(lists);
              if (text !== shown) send(undefined, 'lists', lists);
              shown = text;
              return true;
            },
          },
          closing,
        );
      },
    );

    scope.get<{ Params: { chatId: string } }>(
      `${AGENT_CHAT_API}/:chatId/events`,
      { onRequest: limit('streams') },
      async (request, reply) => {
        if (!requireAgent(request, reply)) return reply;
        const chat = await findChat({ db }, request.params.chatId);
        if (!chat)
          return reply
            .status(404)
            .send({ message: 'There is no such chat.', errorCode: 'NO_CHAT' });
        return linesStream(request, reply, chat);
      },
    );

    scope.post<{ Params: { chatId: string } }>(
      `${AGENT_CHAT_API}/:chatId/messages`,
      { ...post, onRequest: limit('agentMessages') },
      async (request, reply) => {
        const body = validatedBody(request.body, messageBody, invalid);
        const agent = requireAgent(request, reply);
        if (!agent) return reply;
        const chat = await findChat({ db }, request.params.chatId);
        if (!chat)
          return reply
            .status(404)
            .send({ message: 'There is no such chat.', errorCode: 'NO_CHAT' });
        return answerWrite(reply, await sendAgentReply(context(), chat, agentOf(agent), body.text));
      },
    );
  });
}
