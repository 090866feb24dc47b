import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { openChatNews, QUEUE_NEWS, SQLITE_POLL_MS, type ChatNews } from './chat-news.ts';

describeEachDialect('chat news between processes', (database) => {
  const opened: ChatNews[] = [];
  const open = () => {
    const news = openChatNews(database());
    opened.push(news);
    return news;
  };
  afterEach(async () => {
    for (const news of opened.splice(0)) await news.close();
  });
  const waited = async (wait: Promise<void>) => {
    const started = Date.now();
    await wait;
    return Date.now() - started;
  };

  it('wakes this process’s stream of the chat and the queue at once', async () => {
    const news = open();
    const chat = randomUUID();
    const stopped = new AbortController();
    const forChat = news.next(chat, news.heard(chat), stopped.signal);
    const forQueue = news.next(QUEUE_NEWS, news.heard(QUEUE_NEWS), stopped.signal);
    await news.announce(chat);
    expect(await waited(Promise.all([forChat, forQueue]).then(() => undefined))).toBeLessThan(50);
  });

  it('lets a stream sleep through another chat’s news', async () => {
    const news = open();
    const mark = news.heard('one chat');
    await news.announce('another chat');
    expect(news.heard('one chat')).toBe(mark);
    expect(news.heard(QUEUE_NEWS)).not.toBe(0);
  });

  it('does not sleep through news that came between reading and waiting', async () => {
    const news = open();
    const chat = randomUUID();
    const mark = news.heard(chat);
    await news.announce(chat);
    expect(await waited(news.next(chat, mark, new AbortController().signal))).toBeLessThan(20);
  });

  it('reaches a stream of another process: by NOTIFY on PostgreSQL, by looking on SQLite', async () => {
    const telling = open();
    const hearing = open();
    const chat = randomUUID();
    // Time for the listening connection to be in place.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const wait = hearing.next(chat, hearing.heard(chat), new AbortController().signal);
    await telling.announce(chat);
    const took = await waited(wait);
    expect(took).toBeLessThan(database().dialect === 'postgres' ? 1_000 : SQLITE_POLL_MS + 100);
  });
});
