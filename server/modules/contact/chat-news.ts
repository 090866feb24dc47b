import type { PortalDatabase } from '~server/db/database.ts';
import type { NoticeListener } from '~server/db/notice-channel.ts';

/**
 * "Chat X has a new line" (decision 027): the lines are stored first, then announced, and a
 * stream that hears the news reads what it has not sent from the table, so news lost on the
 * way delays a line but never loses it. This process's streams hear it at once; other
 * processes hear it through PostgreSQL's NOTIFY. On SQLite, processes on the same file share
 * no channel, so streams also look at the table every `pollMs` on their own.
 */
export interface ChatNews {
  announce(chatId: string): Promise<void>;
  /** A mark to take before reading the table, for `next` to know what was heard since. */
  heard(topic: string): number;
  /**
   * Resolves when the chat (or, for QUEUE_NEWS, any chat) has news, at once when some news
   * came after the mark was taken (it may be this chat's), or else after the poll wait.
   */
  next(topic: string, mark: number, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** The topic an agent's panel follows: any chat's news may change the waiting list. */
export const QUEUE_NEWS = '*';

const CHANNEL = 'chat_news';
/** SQLite: how often a stream looks for lines written by another process on the same file. */
export const SQLITE_POLL_MS = 200;
/** PostgreSQL: a look at the table now and then, in case a notice was lost in a reconnect. */
const POSTGRES_POLL_MS = 15_000;

export function openChatNews(
  database: PortalDatabase,
  log: (message: string) => void = () => {},
): ChatNews {
  const waiting = new Map<string, Set<() => void>>();
  const wake = (topic: string) => {
    const wakers = waiting.get(topic);
    if (!wakers) return;
    waiting.delete(topic);
    for (const waker of wakers) waker();
  };
  // Per topic, the number of the last news heard for it (numbers only grow, across topics, so
  // a mark never meets the same number again). A topic's entry is dropped a minute after its
  // last news: a mark lives only between a stream's read and its wait.
  let count = 0;
  let reconnects = 0;
  const last = new Map<string, { number: number; at: number }>();
  const note = (topic: string) => {
    count += 1;
    last.set(topic, { number: count, at: Date.now() });
  };
  const tell = (chatId: string) => {
    note(chatId);
    note(QUEUE_NEWS);
    if (last.size > 1_000) {
      for (const [topic, told] of last) if (Date.now() - told.at > 60_000) last.delete(topic);
    }
    wake(chatId);
    wake(QUEUE_NEWS);
  };
  const heard = (topic: string) => (last.get(topic)?.number ?? 0) + reconnects * 2 ** 40;
  const notices = database.notices;
  const pollMs = notices ? POSTGRES_POLL_MS : SQLITE_POLL_MS;
  // Listening from the start: a notice sent before LISTEN took effect would be lost.
  const listening: NoticeListener | undefined = notices?.listen(CHANNEL, {
    notice: tell,
    reconnected: () => {
      reconnects += 1;
      for (const topic of [...waiting.keys()]) wake(topic);
    },
    failed: (error) => log(`Chat notices: ${error.message}`),
  });

  return {
    async announce(chatId) {
      // Other processes, and this one through the notice it hears back; this process's own
      // streams are woken at once as well, which costs them one read that finds nothing new.
      tell(chatId);
      try {
        await notices?.notify(CHANNEL, chatId);
      } catch (error) {
        log(`A chat's news could not be told to other processes: ${(error as Error).message}`);
      }
    },
    heard,
    next(topic, mark, signal) {
      if (mark !== heard(topic) || signal.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          waiting.get(topic)?.delete(done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        signal.addEventListener('abort', done, { once: true });
        const wakers = waiting.get(topic) ?? new Set();
        wakers.add(done);
        waiting.set(topic, wakers);
      });
    },
    close: async () => listening?.close(),
  };
}
