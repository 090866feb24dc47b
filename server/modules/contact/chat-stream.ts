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
 * Answers with a server-sent event stream that sends what is new until the visitor leaves:
 * reads happen after the news mark is taken, so news arriving mid-read wakes the next round.
 */
export function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  source: StreamSource,
) {
  const stream = new PassThrough();
  const stopped = new AbortController();
  request.raw.on('close', () => stopped.abort());
  let lastWrite = Date.now();
  const send = (id: number | undefined, event: string, data: unknown) => {
    if (stream.writableEnded) return;
    stream.write(chatEvent(id, event, data));
    lastWrite = Date.now();
  };
  void (async () => {
    let lastBeat = 0;
    try {
      while (!stopped.signal.aborted) {
        const mark = source.news.heard();
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
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
