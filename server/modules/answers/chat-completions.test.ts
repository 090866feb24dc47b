import { describe, expect, it } from 'vitest';
import { ChatCompletionsError, streamedText } from './chat-completions.ts';

function body(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of streamedText(stream)) pieces.push(piece);
  return pieces;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

describe('streamedText', () => {
  it('yields each chunk’s delta content up to [DONE]', async () => {
    expect(
      await all(body(chunk('Select'), chunk(' Send [1].'), 'data: [DONE]\n\n', chunk('x'))),
    ).toEqual(['Select', ' Send [1].']);
  });

  it('joins lines split across network reads', async () => {
    const whole = chunk('Hello there');
    expect(await all(body(whole.slice(0, 9), whole.slice(9, 30), whole.slice(30)))).toEqual([
      'Hello there',
    ]);
  });

  it('skips comments, role-only chunks and other fields, and reads CRLF lines', async () => {
    const roleOnly = `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\r\n\r\n`;
    expect(await all(body(': keep-alive\n\n', roleOnly, 'event: x\n', chunk('Hi')))).toEqual([
      '',
      'Hi',
    ]);
  });

  it('reads a last line without a line break', async () => {
    expect(await all(body(chunk('Hi').trim()))).toEqual(['Hi']);
  });

  it('fails on a chunk that is not JSON or reports an error', async () => {
    await expect(all(body('data: {oops\n\n'))).rejects.toThrow(ChatCompletionsError);
    await expect(
      all(body(`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`)),
    ).rejects.toThrow(/overloaded/);
  });
});
