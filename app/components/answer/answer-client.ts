/**
 * The generated-answer API as the panel calls it: the stream is read with fetch and a stream
 * reader (EventSource cannot POST, nor send the search token and CSRF headers).
 */
import { GatewayError, requestJson, type GatewayClient } from '~app/gateway-client.ts';
import { searchTokenSender } from '~app/search/search-client.ts';
import { ANSWER_STREAM_PATH, answerFeedbackPath, citationClicksPath } from '~core/answers';
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
  const { searchHub } = options;

  // The same hub-bound token the search API takes (getHeadlessConfiguration, cached per visitor).
  const sender = searchTokenSender(options);

  async function openStream(
    request: AnswerRequest,
    signal: AbortSignal,
    headers: Record<string, string>,
  ) {
    const response = await fetchImpl(ANSWER_STREAM_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Accept: 'text/event-stream',
        ...headers,
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
      const body = await sender.send((headers) => openStream(request, signal, headers));
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
      sender.send((headers) =>
        requestJson<void>(
          answerFeedbackPath(answerId),
          { method: 'POST', body: JSON.stringify(body), headers },
          fetchImpl,
        ),
      ),
    logCitationClick(answerId, citationId) {
      sender.logInBackground(citationClicksPath(answerId), { citationId });
    },
  };
}
