import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chatEvent } from '~core/contact';
import type { ChatNews } from './chat-news.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

export interface StreamSource {
  news: ChatNews;
  /** The topic whose news wakes the stream (a chat's id, or QUEUE_NEWS). */
  topic: string;
  /**
   * Writes whatever is new since the last call, with `send`; called first at once, then on
   * every piece of news (and every poll). Returning false ends the stream.
   */
  sendNew(send: (id: number | undefined, event: string, data: unknown) => void): Promise<boolean>;
  /** Called at most every `beatMs` while the stream is open (an agent's presence). */
  beat?: { everyMs: number; run(): Promise<void> };
}

/**
 * The server's streams as it closes: each one is told to end, and the server waits for them,
 * so their connections are idle (and closed) when it stops listening.
 */
export interface StreamsClosing {
  signal: AbortSignal;
  track(stream: Promise<void>): void;
}

export function streamsClosing(): StreamsClosing & { close(): Promise<void> } {
  const controller = new AbortController();
  const open = new Set<Promise<void>>();
  return {
    signal: controller.signal,
    track(stream) {
      open.add(stream);
      void stream.finally(() => open.delete(stream));
    },
    async close() {
      controller.abort();
      await Promise.all(open);
    },
  };
}

/**
 * Answers with a server-sent event stream that sends what is new until the visitor leaves:
 * reads happen after the news mark is taken, so news arriving mid-read wakes the next round.
 */
export function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  source: StreamSource,
  closing: StreamsClosing,
) {
  const stream = new PassThrough();
  const stopped = new AbortController();
  // Settles when the response is over, the moment its connection can be closed as idle.
  const closed = new Promise<void>((resolve) =>
    reply.raw.once('close', () => {
      stopped.abort();
      resolve();
    }),
  );
  // The server is closing: streams end so it can, and browsers reconnect to another process.
  closing.signal.addEventListener('abort', () => stopped.abort(), { once: true });
  // Opened at once with a comment, so the headers go out before anything is new: a visitor who
  // leaves first closes an open stream, not a request Fastify would answer as a 500.
  stream.write(': open\n\n');
  let lastWrite = Date.now();
  const send = (id: number | undefined, event: string, data: unknown) => {
    if (stream.writableEnded || stream.destroyed) return;
    stream.write(chatEvent(id, event, data));
    lastWrite = Date.now();
  };
  void (async () => {
    let lastBeat = 0;
    try {
      while (!stopped.signal.aborted) {
        const mark = source.news.heard(source.topic);
        if (source.beat && Date.now() - lastBeat >= source.beat.everyMs) {
          lastBeat = Date.now();
          await source.beat.run();
        }
        if (!(await source.sendNew(send))) break;
        if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
          stream.write(': still here\n\n');
          lastWrite = Date.now();
        }
        await source.news.next(source.topic, mark, stopped.signal);
      }
    } catch (error) {
      if (!stopped.signal.aborted) {
        request.log.warn({ err: error }, 'A chat stream stopped; the browser reconnects');
      }
    } finally {
      stream.end();
    }
  })();
  closing.track(closed);
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-store')
      .header('x-accel-buffering', 'no')
      // A stream's connection is not kept for another request: when the stream ends (the server
      // closing, most often) the connection goes too, instead of waiting idle to be closed.
      .header('connection', 'close')
      .send(stream)
  );
}
