/**
 * The generated-answer API as the panel calls it: the stream is read with fetch and a stream
 * reader (EventSource cannot POST, nor send the search token and CSRF headers).
 */
import type { HeadlessConfiguration } from '../../../core/remote-methods.ts';
import { CSRF_HEADER } from '../../csrf.ts';
import { GatewayError, requestJson, type GatewayClient } from '../../gateway-client.ts';
import {
  ANSWER_STREAM_PATH,
  answerFeedbackPath,
  citationClicksPath,
} from '../../../core/answers/answer-api.ts';
import { readAnswerEvent, type AnswerEvent } from './answer-stream.ts';
import type { FeedbackBody } from './answer-feedback.ts';
import { ServerSentEventParser } from './sse.ts';

export interface AnswerRequest {
  q: string;
  userRegion?: string;
  searchId?: string;
}

export interface AnswerClient {
  readonly searchHub: string;
  /** Streams an answer, telling each event as it comes; resolves when the stream closes. */
  stream(
    request: AnswerRequest,
    onEvent: (event: AnswerEvent) => void,
    signal: AbortSignal,
  ): Promise<void>;
  sendFeedback(answerId: string, body: FeedbackBody): Promise<void>;
  /** Logs a citation click; it survives the page being left for the cited article. */
  logCitationClick(answerId: string, citationId: string): void;
}

export interface AnswerClientOptions {
  gateway: GatewayClient;
  searchHub: string;
  csrfToken: string | null;
  fetch?: typeof fetch;
}

export function createAnswerClient(options: AnswerClientOptions): AnswerClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const { gateway, searchHub } = options;

  // The same hub-bound token the search API takes (getHeadlessConfiguration, cached per visitor).
  const token = async (refresh: boolean) => {
    const configuration = await gateway.call(
      'getHeadlessConfiguration',
      { searchHub },
      { refresh },
    );
    const { accessToken } = JSON.parse(configuration) as Partial<HeadlessConfiguration>;
    if (typeof accessToken !== 'string' || accessToken === '')
      throw new GatewayError('The search configuration has no access token.', 'NO_SEARCH_TOKEN', 0);
    return accessToken;
  };
  const headers = (accessToken: string): Record<string, string> => ({
    authorization: `Bearer ${accessToken}`,
    ...(options.csrfToken ? { [CSRF_HEADER]: options.csrfToken } : {}),
  });

  /** Tokens are short-lived: an answer of 401 fetches a fresh one and tries once more. */
  async function withToken<T>(send: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await send(await token(false));
    } catch (error) {
      if (error instanceof GatewayError && error.status === 401) return send(await token(true));
      throw error;
    }
  }

  async function openStream(request: AnswerRequest, signal: AbortSignal, accessToken: string) {
    const response = await fetchImpl(ANSWER_STREAM_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Accept: 'text/event-stream',
        ...headers(accessToken),
      },
      body: JSON.stringify({ searchHub, ...request }),
      signal,
    });
    if (!response.ok || !response.body) {
      throw new GatewayError(
        `The answer stream answered ${response.status}.`,
        `HTTP_${response.status}`,
        response.status,
      );
    }
    return response.body;
  }

  return {
    searchHub,
    async stream(request, onEvent, signal) {
      const body = await withToken((accessToken) => openStream(request, signal, accessToken));
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new ServerSentEventParser();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const message of parser.push(value)) {
            const event = readAnswerEvent(message);
            if (event) onEvent(event);
          }
        }
      } finally {
        reader.releaseLock();
      }
    },
    sendFeedback: (answerId, body) =>
      withToken((accessToken) =>
        requestJson<void>(
          answerFeedbackPath(answerId),
          { method: 'POST', body: JSON.stringify(body), headers: headers(accessToken) },
          fetchImpl,
        ),
      ),
    logCitationClick(answerId, citationId) {
      void token(false)
        .then((accessToken) =>
          fetchImpl(citationClicksPath(answerId), {
            method: 'POST',
            // keepalive, not sendBeacon: the API wants the token and CSRF headers.
            keepalive: true,
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json', ...headers(accessToken) },
            body: JSON.stringify({ citationId }),
          }),
        )
        .catch(() => {
          // A lost click log costs one analytics record, never the visitor's navigation.
        });
    },
  };
}
