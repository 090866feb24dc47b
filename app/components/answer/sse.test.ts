import { describe, expect, it } from 'vitest';
import { ServerSentEventParser } from './sse.ts';

describe('ServerSentEventParser', () => {
  it('reads named events and defaults the name to message', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: answer\ndata: {"a":1}\n\ndata: plain\n\n')).toEqual([
      { event: 'answer', data: '{"a":1}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('keeps an event that arrives in pieces until its blank line', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: del')).toEqual([]);
    expect(parser.push('ta\ndata: {"text":"Op')).toEqual([]);
    expect(parser.push('en"}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'delta', data: '{"text":"Open"}' }]);
  });

  it('accepts CRLF and CR line ends, even a CRLF split between pieces', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('data: one\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'message', data: 'one' }]);
    expect(parser.push('data: two\r\rdata: three\n\n')).toEqual([
      { event: 'message', data: 'two' },
      { event: 'message', data: 'three' },
    ]);
  });

  it('joins data lines with a newline and keeps a value without its one leading space', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('data:a\ndata:  b\ndata\n\n')).toEqual([
      { event: 'message', data: 'a\n b\n' },
    ]);
  });

  it('ignores comments, unknown fields and blank events, and forgets a name with no data', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push(': keep-alive\n\nid: 7\nretry: 10\n\nevent: lost\n\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });
});
