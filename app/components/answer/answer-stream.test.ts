import { describe, expect, it } from 'vitest';
import {
  answerReducer,
  IDLE_ANSWER,
  readAnswerEvent,
  readCitation,
  type AnswerAction,
  type AnswerState,
} from './answer-stream.ts';

const WIRE_CITATION = {
  id: 'doc-1',
  number: 1,
  title: 'Reconcile a bank account',
  uri: 'http://portal.test/s/article/reconcile',
  clickUri: '/s/article/reconcile',
  text: 'Match each statement line.',
  source: 'Knowledge',
  contentType: 'Article',
  fields: { sfkbid: 'kb1', sfurlname: 'reconcile' },
};

const run = (actions: AnswerAction[], from: AnswerState = IDLE_ANSWER) =>
  actions.reduce(answerReducer, from);

describe('the answer stream events (answers contract)', () => {
  it('reads a citation with its link fields and preview text', () => {
    expect(readCitation(WIRE_CITATION)).toEqual({
      id: 'doc-1',
      number: 1,
      title: 'Reconcile a bank account',
      clickUri: '/s/article/reconcile',
      text: 'Match each statement line.',
      fields: { sfkbid: 'kb1', sfurlname: 'reconcile' },
    });
  });

  it('falls back to uri, snippet and the address as title, and leaves out fields that are not an object', () => {
    expect(
      readCitation({ id: 'x', number: 2, uri: 'https://a.test/x', snippet: 'S', fields: [] }),
    ).toEqual({
      id: 'x',
      number: 2,
      title: 'https://a.test/x',
      clickUri: 'https://a.test/x',
      text: 'S',
    });
  });

  it('drops a citation without an id, a link or a whole positive number', () => {
    expect(readCitation({ ...WIRE_CITATION, id: '' })).toBeUndefined();
    expect(readCitation({ ...WIRE_CITATION, clickUri: undefined, uri: undefined })).toBeUndefined();
    expect(readCitation({ ...WIRE_CITATION, number: 0 })).toBeUndefined();
    expect(readCitation({ ...WIRE_CITATION, number: 1.5 })).toBeUndefined();
    expect(readCitation({ ...WIRE_CITATION, number: '1' })).toBeUndefined();
    expect(readCitation(null)).toBeUndefined();
  });

  it('reads each event of the contract', () => {
    expect(readAnswerEvent({ event: 'answer', data: '{"answerId":"a1","cached":true}' })).toEqual({
      type: 'answer',
      answerId: 'a1',
      cached: true,
    });
    expect(
      readAnswerEvent({
        event: 'citations',
        data: JSON.stringify({
          citations: [{ ...WIRE_CITATION, number: 2, id: 'b' }, WIRE_CITATION, { bad: true }],
        }),
      }),
    ).toMatchObject({ type: 'citations', citations: [{ number: 1 }, { number: 2 }] });
    expect(readAnswerEvent({ event: 'delta', data: '{"text":"Open "}' })).toEqual({
      type: 'delta',
      text: 'Open ',
    });
    expect(readAnswerEvent({ event: 'end', data: '{"declined":true,"provider":"llm"}' })).toEqual({
      type: 'end',
      declined: true,
      provider: 'llm',
    });
    expect(readAnswerEvent({ event: 'end', data: '{"provider":"other"}' })).toEqual({
      type: 'end',
      declined: false,
      provider: undefined,
    });
    expect(readAnswerEvent({ event: 'error', data: '{"message":"down"}' })).toEqual({
      type: 'error',
      message: 'down',
    });
  });

  it('ignores unknown events, bad JSON and events missing what they carry', () => {
    expect(readAnswerEvent({ event: 'message', data: '{}' })).toBeUndefined();
    expect(readAnswerEvent({ event: 'delta', data: 'not json' })).toBeUndefined();
    expect(readAnswerEvent({ event: 'delta', data: '{"text":3}' })).toBeUndefined();
    expect(readAnswerEvent({ event: 'answer', data: '{"answerId":""}' })).toBeUndefined();
    expect(readAnswerEvent({ event: 'citations', data: '{"citations":{}}' })).toBeUndefined();
    expect(readAnswerEvent({ event: 'delta', data: '["text"]' })).toBeUndefined();
  });
});

describe('answerReducer', () => {
  const citations = [readCitation(WIRE_CITATION)!];
  const streamed = run([
    { type: 'start', question: 'how to reconcile' },
    { type: 'event', event: { type: 'answer', answerId: 'a1', cached: false } },
    { type: 'event', event: { type: 'citations', citations } },
    { type: 'event', event: { type: 'delta', text: 'Open the account ' } },
    { type: 'event', event: { type: 'delta', text: 'and match lines [1].' } },
  ]);

  it('loads until text arrives, then streams it piece by piece', () => {
    expect(run([{ type: 'start', question: 'q' }])).toMatchObject({ phase: 'loading', text: '' });
    expect(streamed).toMatchObject({
      phase: 'streaming',
      question: 'how to reconcile',
      answerId: 'a1',
      cached: false,
      text: 'Open the account and match lines [1].',
      citations,
    });
  });

  it('ends with the provider, and a declined answer keeps no citations', () => {
    const done = run(
      [{ type: 'event', event: { type: 'end', declined: false, provider: 'grounded' } }],
      streamed,
    );
    expect(done).toMatchObject({ phase: 'done', declined: false, provider: 'grounded', citations });
    const declined = run(
      [{ type: 'event', event: { type: 'end', declined: true, provider: 'grounded' } }],
      streamed,
    );
    expect(declined).toMatchObject({ phase: 'done', declined: true, citations: [] });
  });

  it('changes nothing after the end, and a close after the end is no failure', () => {
    const done = run(
      [{ type: 'event', event: { type: 'end', declined: false, provider: 'llm' } }],
      streamed,
    );
    expect(run([{ type: 'event', event: { type: 'delta', text: 'more' } }], done)).toBe(done);
    expect(run([{ type: 'closed' }], done)).toBe(done);
    expect(run([{ type: 'failed' }], done)).toBe(done);
  });

  it('fails on an error event, on a failure, and on a stream that closes before its end', () => {
    expect(run([{ type: 'event', event: { type: 'error', message: 'x' } }], streamed).phase).toBe(
      'failed',
    );
    expect(run([{ type: 'failed' }], streamed).phase).toBe('failed');
    expect(run([{ type: 'closed' }], streamed).phase).toBe('failed');
    expect(run([{ type: 'start', question: 'q' }, { type: 'closed' }]).phase).toBe('failed');
  });

  it('starts afresh for a new question and resets to idle', () => {
    expect(run([{ type: 'start', question: 'next' }], streamed)).toEqual({
      ...IDLE_ANSWER,
      phase: 'loading',
      question: 'next',
    });
    expect(run([{ type: 'reset' }], streamed)).toBe(IDLE_ANSWER);
  });

  it('ignores events while idle', () => {
    expect(run([{ type: 'event', event: { type: 'delta', text: 'x' } }])).toBe(IDLE_ANSWER);
  });
});
