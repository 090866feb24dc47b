import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildPassageIndex,
  rankPassages,
  termWeight,
  questionTerms,
  textTerms,
} from '~core/answers';
import type { SearchDocument } from '~server/modules/search';
import { AnswerRejectedError, withFallback, type AnswerInput } from './answer-provider.ts';
import { groundedProvider } from './grounded-provider.ts';
import { createLlmProvider, NO_ANSWER_REPLY } from './llm-provider.ts';
import type { Passage } from './passage-retrieval.ts';

/*
 * The model is a local HTTP server speaking the chat-completions streaming protocol: it answers
 * POST /v1/chat/completions with `data: {chunk}` events and `data: [DONE]`, as each test
 * scripts it.
 */

type Script = (request: IncomingMessage, response: ServerResponse, body: unknown) => void;

let server: Server;
let baseUrl: string;
let script: Script;
let requests: { url: string; headers: IncomingMessage['headers']; body: unknown }[];

function streamReply(pieces: string[], delayMs = 0): Script {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (index: number) => {
      if (response.destroyed) return;
      if (index === pieces.length) {
        response.end('data: [DONE]\n\n');
        return;
      }
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content: pieces[index] } }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      setTimeout(() => send(index + 1), delayMs);
    };
    send(0);
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (part: Buffer) => (text += part.toString()));
    request.on('end', () => {
      const body: unknown = text ? JSON.parse(text) : undefined;
      requests.push({ url: request.url ?? '', headers: request.headers, body });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      script(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
});

function document(id: string, title: string): SearchDocument {
  return { unique_id: id, title, region: null, objecttype: 'Knowledge' } as SearchDocument;
}

function passage(id: string, title: string, heading: string | null, text: string): Passage {
  return {
    id: `${id}#0`,
    document: document(id, title),
    name: id,
    heading,
    text,
    citationKey: id,
    terms: textTerms(text),
    titleTerms: textTerms(title),
    headingTerms: textTerms(heading ?? ''),
    region: null,
    isDefinition: false,
  };
}

const passages = [
  passage(
    'ka0send',
    'Create and send an invoice',
    'Approve and send',
    'Select Approve and email to send the invoice.\nCheck the recipient address and the message.',
  ),
  passage(
    'ka0remind',
    'Send invoice reminders',
    null,
    'Reminders send an invoice e-mail when it is overdue.\nThey stop once the invoice is paid.',
  ),
  passage(
    'ka0void',
    'Edit or void an invoice',
    null,
    'Void an invoice you sent by mistake.\nA voided invoice stays on record.',
  ),
  passage(
    'ka0bank',
    'Connect a bank feed',
    null,
    'Connect your bank account to get transactions.\nFeeds arrive every day.',
  ),
];
const index = buildPassageIndex(passages);

function input(question: string): AnswerInput {
  const terms = questionTerms(question);
  return {
    question,
    terms,
    retrieved: {
      ranked: rankPassages(index, terms, { limit: 5 }),
      weight: (term) => termWeight(index, term),
      contentVersion: 1,
    },
  };
}

const settings = () => ({ baseUrl, model: 'test-model', apiKey: 'secret-key', timeoutMs: 2000 });
const QUESTION = 'How do I send an invoice?';

describe('the OpenAI-compatible provider', () => {
  it('streams the answer from the given passages and maps its citations', async () => {
    const given = input(QUESTION).retrieved.ranked.map((entry) => entry.passage.document.unique_id);
    const second = given.indexOf('ka0remind') + 1;
    const first = given.indexOf('ka0send') + 1;
    script = streamReply([
      'Select Approve and email',
      ` to send it [${first}].`,
      ` Reminders go out when it is overdue [${second}].`,
      ` Check the address first [${first}].`,
    ]);
    const answer = await createLlmProvider(settings()).answer(input(QUESTION));
    expect(answer).toMatchObject({
      declined: false,
      provider: 'llm',
      sentences: [
        'Select Approve and email to send it [1].',
        'Reminders go out when it is overdue [2].',
        'Check the address first [1].',
      ],
    });
    expect(!answer.declined && answer.citations.map((cited) => cited.document.unique_id)).toEqual([
      'ka0send',
      'ka0remind',
    ]);
  });

  it('asks for a streamed completion with the model, key, passages and question', async () => {
    script = streamReply(['Select Send [1].']);
    await createLlmProvider(settings()).answer(input(QUESTION));
    const [request] = requests;
    expect(request?.headers.authorization).toBe('Bearer secret-key');
    const body = request?.body as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('test-model');
    expect(body.stream).toBe(true);
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[1]?.content).toContain('[1] Create and send an invoice: Approve and send');
    expect(body.messages[1]?.content).toContain(`Question: ${QUESTION}`);
  });

  it('declines when the model says the passages do not answer', async () => {
    script = streamReply(['NO_', 'ANSWER']);
    expect(await createLlmProvider(settings()).answer(input(QUESTION))).toEqual({
      declined: true,
      provider: 'llm',
    });
    expect(NO_ANSWER_REPLY).toBe('NO_ANSWER');
  });

  it('declines without asking the model when no passage covers the question', async () => {
    script = streamReply(['Bake it [1].']);
    expect(await createLlmProvider(settings()).answer(input('How do I bake sourdough?'))).toEqual({
      declined: true,
      provider: 'llm',
    });
    expect(requests).toEqual([]);
  });

  it('discards an answer citing a passage it was not given', async () => {
    script = streamReply(['Select Send [1].', ' Then wait [7].']);
    await expect(createLlmProvider(settings()).answer(input(QUESTION))).rejects.toThrow(
      AnswerRejectedError,
    );
  });

  it('discards an answer with a sentence that cites nothing', async () => {
    script = streamReply(['Select Send [1]. Everything else is easy.']);
    await expect(createLlmProvider(settings()).answer(input(QUESTION))).rejects.toThrow(
      /uncited-sentence/,
    );
  });

  it('reads a plain JSON completion from a server that does not stream', async () => {
    script = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { content: 'Select Send [1].' } }] }));
    };
    const answer = await createLlmProvider(settings()).answer(input(QUESTION));
    expect(!answer.declined && answer.sentences).toEqual(['Select Send [1].']);
  });

  it('fails on an HTTP error and gives up after its timeout', async () => {
    script = (_request, response) => response.writeHead(500).end('{}');
    await expect(createLlmProvider(settings()).answer(input(QUESTION))).rejects.toThrow(/HTTP 500/);

    script = streamReply(['Select', ' Send', ' [1].'], 400);
    const started = Date.now();
    await expect(
      createLlmProvider({ ...settings(), timeoutMs: 300 }).answer(input(QUESTION)),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  describe('with the grounded provider as fallback', () => {
    const fallbacks: unknown[] = [];
    const provider = (timeoutMs = 2000) =>
      withFallback(createLlmProvider({ ...settings(), timeoutMs }), groundedProvider, (error) =>
        fallbacks.push(error),
      );

    beforeEach(() => {
      fallbacks.length = 0;
    });

    it('gives the grounded answer when the model cites a passage it was not given', async () => {
      script = streamReply(['Select Send [9].']);
      const answer = await provider().answer(input(QUESTION));
      expect(answer.provider).toBe('grounded');
      expect(answer.declined).toBe(false);
      expect(fallbacks[0]).toBeInstanceOf(AnswerRejectedError);
    });

    it('gives the grounded answer when the model times out', async () => {
      script = streamReply(['Select', ' Send [1].'], 500);
      const answer = await provider(200).answer(input(QUESTION));
      expect(answer.provider).toBe('grounded');
      expect(fallbacks).toHaveLength(1);
    });

    it('gives the grounded answer when the model cannot be reached', async () => {
      const unreachable = withFallback(
        createLlmProvider({ ...settings(), baseUrl: 'http://127.0.0.1:1/v1' }),
        groundedProvider,
      );
      expect((await unreachable.answer(input(QUESTION))).provider).toBe('grounded');
    });

    it("keeps the model's answer when it is grounded", async () => {
      script = streamReply(['Select Send [1].']);
      expect((await provider().answer(input(QUESTION))).provider).toBe('llm');
      expect(fallbacks).toEqual([]);
    });
  });
});
