import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlighted-value.ts';

describe('highlightParts', () => {
  it('marks the parts between <b> and </b> as bold', () => {
    expect(highlightParts('reconcil<b>e a bank account</b>')).toEqual([
      { text: 'reconcil', bold: false },
      { text: 'e a bank account', bold: true },
    ]);
    expect(highlightParts('<b>how to </b>reconcil<b>e</b>')).toEqual([
      { text: 'how to ', bold: true },
      { text: 'reconcil', bold: false },
      { text: 'e', bold: true },
    ]);
  });

  it('shows character references as the characters they stand for', () => {
    expect(
      highlightParts('Reconcil<b>iation report doesn&#39;t match &amp; &lt;b&gt;</b>'),
    ).toEqual([
      { text: 'Reconcil', bold: false },
      { text: "iation report doesn't match & <b>", bold: true },
    ]);
  });

  it('keeps every other tag as plain text', () => {
    expect(highlightParts('<img src=x onerror=alert(1)><b>x</b>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', bold: false },
      { text: 'x', bold: true },
    ]);
  });

  it('copes with unbalanced and upper-case tags and empty input', () => {
    expect(highlightParts('a</b>b<B>c')).toEqual([
      { text: 'ab', bold: false },
      { text: 'c', bold: true },
    ]);
    expect(highlightParts('')).toEqual([]);
  });
});
