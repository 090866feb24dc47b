/*
 * A client for OpenAI-compatible chat completions with streaming: the reply arrives as
 * Server-Sent Events, each `data: {json chunk}` carrying a piece of the text in
 * choices[0].delta.content, ended by `data: [DONE]`.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatCompletionsSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export class ChatCompletionsError extends Error {}

/** A reply longer than this is not the short answer that was asked for. */
export const MAX_REPLY_CHARACTERS = 8000;

interface StreamChunk {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
  error?: { message?: unknown };
}

function pieceOf(payload: string): string {
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(payload) as StreamChunk;
  } catch {
    throw new ChatCompletionsError('The model sent a stream chunk that is not JSON');
  }
  if (chunk.error)
    throw new ChatCompletionsError(`The model failed: ${String(chunk.error.message)}`);
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return typeof content === 'string' ? content : '';
}

/** The text of a stream's `data:` lines up to `[DONE]`, as it arrives. */
export async function* streamedText(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const payload = line.slice('data:'.length).trim();
      if (payload === '[DONE]') return;
      if (payload !== '') yield pieceOf(payload);
    }
  }
  const last = buffer.trim();
  if (last.startsWith('data:') && last.slice(5).trim() !== '[DONE]')
    yield pieceOf(last.slice(5).trim());
}

/** Asks for a streamed completion and gathers its text; `signal` ends the wait. */
export async function completeChat(
  settings: ChatCompletionsSettings,
  messages: ChatMessage[],
  signal: AbortSignal,
): Promise<string> {
  const response = await fetch(`${settings.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: settings.model, messages, stream: true, temperature: 0 }),
    signal,
  });
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new ChatCompletionsError(`The model answered HTTP ${response.status}`);
  }
  // A server that ignores stream: true answers with one JSON completion instead.
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    return pieceOf(await response.text());
  }
  let text = '';
  for await (const piece of streamedText(response.body)) {
    text += piece;
    if (text.length > MAX_REPLY_CHARACTERS) {
      throw new ChatCompletionsError('The model reply is longer than an answer may be');
    }
  }
  return text;
}
