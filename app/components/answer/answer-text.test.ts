import { describe, expect, it } from 'vitest';
import type { AnswerCitation } from './answer-stream.ts';
import {
  answerPlainText,
  answerSegments,
  splitSentences,
  withoutOpenMarker,
} from './answer-text.ts';

describe('answerSegments', () => {
  it('cuts the text at known citation markers', () => {
    expect(answerSegments('Open it [1]. Then save [2][1].', new Set([1, 2]))).toEqual([
      { type: 'text', text: 'Open it ' },
      { type: 'citation', number: 1 },
      { type: 'text', text: '. Then save ' },
      { type: 'citation', number: 2 },
      { type: 'citation', number: 1 },
      { type: 'text', text: '.' },
    ]);
  });

  it('keeps markers of unknown numbers and other brackets as text', () => {
    expect(answerSegments('See [3] and [a] [1]', new Set([1]))).toEqual([
      { type: 'text', text: 'See [3] and [a] ' },
      { type: 'citation', number: 1 },
    ]);
    expect(answerSegments('', new Set([1]))).toEqual([]);
  });
});

describe('withoutOpenMarker', () => {
  it('holds back half a marker at the end of text still arriving', () => {
    expect(withoutOpenMarker('Open it [')).toBe('Open it ');
    expect(withoutOpenMarker('Open it [12')).toBe('Open it ');
    expect(withoutOpenMarker('Open it [1]')).toBe('Open it [1]');
    expect(withoutOpenMarker('Open [1] it')).toBe('Open [1] it');
  });
});

describe('splitSentences', () => {
  it('gives whole sentences with their markers once the next one has begun', () => {
    expect(splitSentences('Open it [1]. Save [2]. Then', false)).toEqual({
      complete: ['Open it [1]. ', 'Save [2]. '],
      rest: 'Then',
    });
  });

  it('waits for markers that may still follow a full stop', () => {
    expect(splitSentences('Open it. ', false)).toEqual({ complete: [], rest: 'Open it. ' });
    expect(splitSentences('Open it. [', false)).toEqual({ complete: [], rest: 'Open it. [' });
    expect(splitSentences('Open it. [1] Save', false)).toEqual({
      complete: ['Open it. [1] '],
      rest: 'Save',
    });
  });

  it('ends sentences at ! and ? and after closing quotes and brackets', () => {
    expect(splitSentences('Done! Really? (Yes.) “Ok.” Next', false).complete).toEqual([
      'Done! ',
      'Really? ',
      '(Yes.) ',
      '“Ok.” ',
    ]);
  });

  it('does not end a sentence inside a number', () => {
    expect(splitSentences('Rate is 1.5 per cent. Next', false).complete).toEqual([
      'Rate is 1.5 per cent. ',
    ]);
  });

  it('takes the rest as whole when the stream is finished', () => {
    expect(splitSentences('Open it [1]. Save it [1]', true)).toEqual({
      complete: ['Open it [1]. ', 'Save it [1]'],
      rest: '',
    });
    expect(splitSentences('  ', true)).toEqual({ complete: [], rest: '  ' });
  });

  it('loses no text: the parts join back to the whole', () => {
    const text = 'A [1]. B?  C [2][3]! D';
    for (const finished of [false, true]) {
      const { complete, rest } = splitSentences(text, finished);
      expect(complete.join('') + rest).toBe(text);
    }
  });
});

describe('answerPlainText', () => {
  const citation = (number: number, title: string): AnswerCitation => ({
    id: `c${number}`,
    number,
    title,
    clickUri: `/x/${number}`,
    text: '',
  });

  it('lists the sources under the text with their numbers and addresses', () => {
    expect(
      answerPlainText(
        ' Open it [1]. Save [2]. ',
        [citation(1, 'One'), citation(2, 'Two')],
        (c) => `https://portal.test${c.clickUri}`,
      ),
    ).toBe(
      'Open it [1]. Save [2].\n\nSources:\n[1] One – https://portal.test/x/1\n[2] Two – https://portal.test/x/2',
    );
  });

  it('is only the text when nothing is cited', () => {
    expect(answerPlainText('No answer.', [], () => '')).toBe('No answer.');
  });
});
