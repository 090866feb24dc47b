import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlights.ts';

const h = (offset: number, length: number) => ({ offset, length });

describe('highlightSegments', () => {
  it('cuts text into plain and highlighted runs', () => {
    expect(highlightSegments('Reconcile a bank account', [h(12, 4), h(0, 9)])).toEqual([
      { text: 'Reconcile', highlighted: true },
      { text: ' a ', highlighted: false },
      { text: 'bank', highlighted: true },
      { text: ' account', highlighted: false },
    ]);
  });

  it('gives the whole text as one plain run without highlights', () => {
    expect(highlightSegments('Plain', [])).toEqual([{ text: 'Plain', highlighted: false }]);
    expect(highlightSegments('Plain', undefined)).toEqual([{ text: 'Plain', highlighted: false }]);
    expect(highlightSegments('', [h(0, 3)])).toEqual([]);
  });

  it('merges overlapping and touching highlights', () => {
    expect(highlightSegments('abcdefgh', [h(1, 3), h(2, 4), h(6, 1)])).toEqual([
      { text: 'a', highlighted: false },
      { text: 'bcdefg', highlighted: true },
      { text: 'h', highlighted: false },
    ]);
  });

  it('ignores empty, negative-length and fractional highlights and clips those past the end', () => {
    expect(highlightSegments('abcdef', [h(2, 0), h(3, -2), h(1.5, 2), h(4, 99), h(-2, 3)])).toEqual(
      [
        { text: 'a', highlighted: true },
        { text: 'bcd', highlighted: false },
        { text: 'ef', highlighted: true },
      ],
    );
  });

  it('never loses or repeats text, whatever the highlights', () => {
    const text = 'GST returns <b>and</b> BAS';
    const segments = highlightSegments(text, [h(4, 7), h(0, 30), h(5, 2)]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
  });
});
