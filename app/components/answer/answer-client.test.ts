import { describe, expect, it } from 'vitest';
import type { GatewayClient } from '~app/gateway-client.ts';
import { createAnswerClient } from './answer-client.ts';
import type { AnswerEvent } from './answer-stream.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

function gateway(tokens: string[]) {
  const calls: { params: unknown; refresh: boolean }[] = [];
  const client = {
    call: (_method: string, params: unknown, options: { refresh?: boolean } = {}) => {
      calls.push({ params, refresh: options.refresh === true });
      return Promise.resolve(JSON.stringify({ accessToken: tokens[calls.length - 1] }));
    },
  } as unknown as GatewayClient;
  return { client, calls };
}

function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

function server(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetchImpl = ((url: string, init: RequestInit) => {
    sent.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return Promise.resolve(next());
  }) as typeof fetch;
  return { fetchImpl, sent };
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('createAnswerClient', () => {
  it('posts the question with the search token and CSRF header and reads the events as they come', async () => {
    const { client: gw, calls } = gateway(['t1']);
    const { fetchImpl, sent } = server([
      () =>
        new Response(
          streamOf([
            'event: answer\ndata: {"answerId":"a1","cached":false}\n\nevent: cit',
            'ations\ndata: {"citations":[]}\n\nevent: delta\ndata: {"text":"Hi"}\n\n',
            ': ping\n\nevent: end\ndata: {"declined":true,"provider":"grounded"}\n\n',
          ]),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    ]);
    const client = createAnswerClient({
      gateway: gw,
      searchHub: 'H',
      csrfToken: 'c1',
      fetch: fetchImpl,
    });
    const events: AnswerEvent[] = [];
    await client.stream(
      { q: 'how to', userRegion: 'AU', searchId: 's1' },
      (event) => events.push(event),
      new AbortController().signal,
    );
    expect(calls).toEqual([{ params: { searchHub: 'H' }, refresh: false }]);
    expect(sent[0]!.url).toBe('/api/answers/stream');
    expect(sent[0]!.init.method).toBe('POST');
    expect(headersOf(sent[0]!.init)).toMatchObject({
      authorization: 'Bearer t1',
      'x-csrf-token': 'c1',
      Accept: 'text/event-stream',
    });
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({
      searchHub: 'H',
      q: 'how to',
      userRegion: 'AU',
      searchId: 's1',
    });
    expect(events.map((event) => event.type)).toEqual(['answer', 'citations', 'delta', 'end']);
  });

  it('fetches a fresh token once when the stream answers 401', async () => {
    const { client: gw, calls } = gateway(['old', 'new']);
    const { fetchImpl, sent } = server([
      () => new Response('{"message":"expired"}', { status: 401 }),
      () => new Response(streamOf(['event: delta\ndata: {"text":"x"}\n\n'])),
    ]);
    const client = createAnswerClient({
      gateway: gw,
      searchHub: 'H',
      csrfToken: null,
      fetch: fetchImpl,
    });
    const events: AnswerEvent[] = [];
    await client.stream({ q: 'q' }, (event) => events.push(event), new AbortController().signal);
    expect(calls.map((call) => call.refresh)).toEqual([false, true]);
    expect(headersOf(sent[1]!.init).authorization).toBe('Bearer new');
    expect(headersOf(sent[1]!.init)).not.toHaveProperty('x-csrf-token');
    expect(events).toEqual([{ type: 'delta', text: 'x' }]);
  });

  it('fails on any other refusal', async () => {
    const { client: gw } = gateway(['t']);
    const { fetchImpl } = server([() => new Response('{"message":"no"}', { status: 400 })]);
    const client = createAnswerClient({
      gateway: gw,
      searchHub: 'H',
      csrfToken: 'c',
      fetch: fetchImpl,
    });
    await expect(
      client.stream({ q: 'q' }, () => {}, new AbortController().signal),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('sends feedback as JSON with the token and CSRF header', async () => {
    const { client: gw } = gateway(['t']);
    const { fetchImpl, sent } = server([() => new Response(null, { status: 204 })]);
    const client = createAnswerClient({
      gateway: gw,
      searchHub: 'H',
      csrfToken: 'c',
      fetch: fetchImpl,
    });
    await client.sendFeedback('a/1', { helpful: false, reason: 'outdated', details: 'Old' });
    expect(sent[0]!.url).toBe('/api/answers/a%2F1/feedback');
    expect(headersOf(sent[0]!.init)).toMatchObject({
      authorization: 'Bearer t',
      'x-csrf-token': 'c',
    });
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({
      helpful: false,
      reason: 'outdated',
      details: 'Old',
    });
  });

  it('logs a citation click with keepalive, and a failed log throws nothing', async () => {
    const { client: gw } = gateway(['t', 't']);
    const { fetchImpl, sent } = server([() => new Response(null, { status: 204 })]);
    const client = createAnswerClient({
      gateway: gw,
      searchHub: 'H',
      csrfToken: 'c',
      fetch: fetchImpl,
    });
    client.logCitationClick('a1', 'doc-1');
    client.logCitationClick('a1', 'doc-2');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/api/answers/a1/citation-clicks');
    expect(sent[0]!.init.keepalive).toBe(true);
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({ citationId: 'doc-1' });
  });
});
