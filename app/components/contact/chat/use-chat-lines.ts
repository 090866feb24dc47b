import { useEffect, useState } from 'react';
import type { ChatAuthor, ChatStatus } from '~core/contact';

/** A transcript line as the chat stream sends it. */
export interface ChatLineView {
  seq: number;
  author: ChatAuthor;
  authorName: string;
  body: string;
  citations: { number: number; title: string; uri: string }[];
  status: ChatStatus | null;
  createdAt: string;
}

/** Lines merged by number: a replay after a reconnect adds nothing twice, and order holds. */
export function mergeLines(known: readonly ChatLineView[], added: readonly ChatLineView[]) {
  const bySeq = new Map(known.map((line) => [line.seq, line]));
  for (const line of added) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The chat's status as its last status line says, else `initial`. */
export function statusOf(lines: readonly ChatLineView[], initial: ChatStatus): ChatStatus {
  return lines.findLast((line) => line.status !== null)?.status ?? initial;
}

/**
 * Follows a chat's event stream: the browser's EventSource reconnects by itself after a drop
 * and sends the last event id it had, so the server resumes after it and nothing is lost.
 * `url` undefined follows nothing (no chat yet).
 */
export function useChatLines(url: string | undefined, initial: readonly ChatLineView[] = []) {
  const [followed, setFollowed] = useState(url);
  const [lines, setLines] = useState<readonly ChatLineView[]>(initial);
  const [connected, setConnected] = useState(false);
  // Another chat (a new one after the last ended) starts from its own first line.
  if (followed !== url) {
    setFollowed(url);
    setLines(initial);
  }
  useEffect(() => {
    if (url === undefined) return;
    const source = new EventSource(url);
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('error', () => setConnected(false));
    source.addEventListener('line', (event) => {
      const line = JSON.parse((event as MessageEvent<string>).data) as ChatLineView;
      setLines((known) => mergeLines(known, [line]));
    });
    return () => source.close();
  }, [url]);
  return { lines, connected };
}
