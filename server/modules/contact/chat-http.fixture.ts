import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import type { SignedInSession } from '~tests/support/sessions.ts';

/*
 * What the chat's HTTP tests share: a visitor's calls to the chat API, an agent's forms on the
 * workspace pages, and a reader of a chat's event stream.
 */

export const GUEST = { 'sec-fetch-site': 'same-origin' };

export interface Line {
  seq: number;
  author: string;
  body: string;
  citations: { number: number; title: string }[];
  status: string | null;
}

/** Reads a chat's event stream until `enough` says so, and hands back the lines it got. */
export async function readLines(
  url: string,
  headers: Record<string, string>,
  enough: (lines: Line[]) => boolean,
): Promise<Line[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const lines: Line[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    while (!enough(lines)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const events = buffer.split('\n\n');
      buffer = events.pop() ?? '';
      for (const event of events) {
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (/^event: line$/m.test(event) && data) lines.push(JSON.parse(data) as Line);
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return lines;
}

/** The calls of a visitor (a guest, or signed in) and of agents, against a running portal. */
export function chatClient(
  app: () => FastifyInstance,
  database: () => PortalDatabase,
  prefix: string,
) {
  const chatCookie = (response: { headers: Record<string, unknown> }) => {
    const set = ([] as string[]).concat(response.headers['set-cookie'] as string | string[]);
    return set.find((cookie) => cookie.startsWith(`${prefix}_chat=`))?.split(';')[0] ?? '';
  };
  const start = async (who?: SignedInSession) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/chat/start',
      headers: who ? { cookie: who.cookie, 'x-csrf-token': who.csrfToken } : GUEST,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const cookie = chatCookie(response);
    return who ? `${who.cookie}; ${cookie}` : cookie;
  };
  const call = (path: string, cookie: string, payload: unknown, who?: SignedInSession) =>
    app().inject({
      method: 'POST',
      url: `/api/chat/${path}`,
      headers: { cookie, ...(who ? { 'x-csrf-token': who.csrfToken } : GUEST) },
      payload: payload as Record<string, unknown>,
    });
  const agentForm = (url: string, who: SignedInSession, fields: Record<string, string>) =>
    app().inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: who.cookie },
      payload: new URLSearchParams({ _csrf: who.csrfToken, ...fields }).toString(),
    });
  const waitingChatId = async () =>
    (
      await database()
        .db.selectFrom('contact_chat')
        .select('id')
        .where('status', '=', 'waiting')
        .executeTakeFirstOrThrow()
    ).id;

  return { chatCookie, start, call, agentForm, waitingChatId };
}
