import { describe, expect, it } from 'vitest';
import { checkCitations, citationMarkers, citedSentence, renumberCitations } from './citations.ts';

describe('citationMarkers', () => {
  it('lists the numbers of the markers in order', () => {
    expect(citationMarkers('A [2]. B [1][3]. C [2].')).toEqual([2, 1, 3, 2]);
  });

  it('ignores brackets that are not numbers', () => {
    expect(citationMarkers('See [note] and [1a].')).toEqual([]);
  });
});

describe('checkCitations', () => {
  it('accepts an answer whose every sentence cites a given passage', () => {
    expect(checkCitations('Select Send [2]. Check it [1][2].', 2)).toEqual({
      ok: true,
      cited: [2, 1],
    });
  });

  it('refuses a marker that maps to no passage', () => {
    expect(checkCitations('Select Send [3].', 2)).toMatchObject({
      ok: false,
      reason: 'unknown-passage',
      detail: '[3]',
    });
    expect(checkCitations('Select Send [0].', 2)).toMatchObject({ reason: 'unknown-passage' });
  });

  it('refuses a sentence that cites nothing', () => {
    expect(checkCitations('Select Send [1]. Then relax.', 2)).toMatchObject({
      ok: false,
      reason: 'uncited-sentence',
      detail: 'Then relax.',
    });
  });

  it('refuses empty text', () => {
    expect(checkCitations('  ', 2)).toMatchObject({ ok: false, reason: 'empty' });
  });
});

describe('renumberCitations', () => {
  it('rewrites markers by the map and leaves others alone', () => {
    const numbers = new Map([
      [3, 1],
      [1, 2],
    ]);
    expect(renumberCitations('A [3]. B [1]. C [3][1]. D [9].', numbers)).toBe(
      'A [1]. B [2]. C [1][2]. D [9].',
    );
  });
});

describe('citedSentence', () => {
  it('puts the marker before the closing punctuation', () => {
    expect(citedSentence('Select Send.', 1)).toBe('Select Send [1].');
    expect(citedSentence('It works!', 2)).toBe('It works [2]!');
  });

  it('adds a full stop to a sentence without one', () => {
    expect(citedSentence('  Go to Settings  ', 3)).toBe('Go to Settings [3].');
  });
});
