import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX,
  CHAT_STATUSES,
  authorLabel,
  caseSubjectFrom,
  chatEvent,
  chatMessageText,
  isAgentOnline,
  mayWrite,
  PRESENCE_FRESH_MS,
  resumeAfter,
  routeToPerson,
  transcriptText,
  type TranscriptLine,
} from './chat.ts';

describe('chat messages', () => {
  it('keeps the text with plain line ends, without invisible characters or outer spaces', () => {
    expect(chatMessageText('  Hello\r\nthere\u200b  ')).toEqual({ ok: true, text: 'Hello\nthere' });
  });

  it('keeps markup as text: the page escapes it', () => {
    expect(chatMessageText('<script>alert(1)</script>')).toEqual({
      ok: true,
      text: '<script>alert(1)</script>',
    });
  });

  it.each([[''], ['   '], ['\u200b'], [undefined], [5]])(
    'refuses an empty message (%j)',
    (input) => {
      expect(chatMessageText(input)).toEqual({ ok: false, message: 'Write a message first.' });
    },
  );

  it('takes the longest message and refuses one character more, saying how long it was', () => {
    expect(chatMessageText('a'.repeat(CHAT_MESSAGE_MAX)).ok).toBe(true);
    expect(chatMessageText('a'.repeat(CHAT_MESSAGE_MAX + 1))).toEqual({
      ok: false,
      message: 'A message can be at most 2,000 characters; yours has 2,001.',
    });
  });
});

describe('who may write', () => {
  it.each(CHAT_STATUSES.map((status) => [status]))('in a chat that is %s', (status) => {
    expect(mayWrite(status, 'visitor')).toBe(status !== 'ended');
    expect(mayWrite(status, 'agent')).toBe(status === 'with-agent');
  });
});

describe('asking for a person', () => {
  it('hands over to an online agent whoever asks', () => {
    expect(routeToPerson(true, false)).toBe('hand-over');
    expect(routeToPerson(true, true)).toBe('hand-over');
  });

  it('makes a case with nobody online, for a guest after proving their address', () => {
    expect(routeToPerson(false, true)).toBe('case');
    expect(routeToPerson(false, false)).toBe('verify-email');
  });
});

describe('presence', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('counts an agent online while switched on and seen within the freshness', () => {
    expect(isAgentOnline({ online: true, seenAt: ago(PRESENCE_FRESH_MS - 1) }, now)).toBe(true);
    expect(isAgentOnline({ online: true, seenAt: ago(PRESENCE_FRESH_MS) }, now)).toBe(false);
    expect(isAgentOnline({ online: false, seenAt: ago(0) }, now)).toBe(false);
  });
});

describe('the event stream', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['12', 12],
    [' 7 ', 7],
    ['-3', 0],
    ['1.5', 0],
    ['abc', 0],
    ['9999999999', 0],
  ])('resumes after Last-Event-ID %j at %i', (header, after) => {
    expect(resumeAfter(header)).toBe(after);
  });

  it('writes an event with its id and JSON data, or without an id', () => {
    expect(chatEvent(3, 'message', { body: 'a\nb' })).toBe(
      'id: 3\nevent: message\ndata: {"body":"a\\nb"}\n\n',
    );
    expect(chatEvent(undefined, 'queue', [])).toBe('event: queue\ndata: []\n\n');
  });
});

describe('the transcript as a case', () => {
  const line = (author: TranscriptLine['author'], body: string): TranscriptLine => ({
    author,
    authorName: author === 'agent' ? 'Sam Lee' : '',
    body,
    createdAt: '2026-11-26T10:04:59.000Z',
  });

  it('names agents by name and the others by role', () => {
    expect(authorLabel(line('agent', ''))).toBe('Sam Lee');
    expect(authorLabel({ author: 'agent', authorName: '' })).toBe('Agent');
    expect(authorLabel(line('visitor', ''))).toBe('You');
  });

  it('lists every line with its author and time', () => {
    expect(transcriptText([line('visitor', 'Hi'), line('assistant', 'Hello')], 1000)).toBe(
      'Transcript of the chat with support:\n\nYou (2026-11-26 10:04 UTC): Hi\n\n' +
        'Assistant (2026-11-26 10:04 UTC): Hello',
    );
  });

  it('leaves out the oldest lines when the transcript is too long, and says so', () => {
    const lines = Array.from({ length: 50 }, (_, index) =>
      line('visitor', `line ${index} `.repeat(10)),
    );
    const text = transcriptText(lines, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text).toContain('Earlier lines are left out here');
    expect(text).toContain('line 49');
    expect(text).not.toContain('line 0 ');
  });

  it('cuts a single line longer than the limit', () => {
    expect(transcriptText([line('visitor', 'x'.repeat(500))], 100)).toHaveLength(100);
  });

  it('takes the subject from the first question, within its limits', () => {
    expect(caseSubjectFrom('  How do I   reconcile? ', 150)).toBe('Chat: How do I reconcile?');
    expect(caseSubjectFrom('Hi', 150)).toBe('Chat with support');
    expect(caseSubjectFrom(undefined, 150)).toBe('Chat with support');
    const long = caseSubjectFrom('q'.repeat(300), 150);
    expect(long).toHaveLength(150);
    expect(long.endsWith('…')).toBe(true);
  });
});
