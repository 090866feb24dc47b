import { describe, expect, it } from 'vitest';
import { EQUIVALENT_TERMS, questionTerms, stem, STOP_WORDS, textTerms } from './terms.ts';

describe('stem', () => {
  it.each([
    ['invoices', 'invoic'],
    ['invoice', 'invoic'],
    ['invoicing', 'invoic'],
    ['invoiced', 'invoic'],
    ['reconcile', 'reconcil'],
    ['reconciling', 'reconcil'],
    ['reconciliation', 'reconcil'],
    ['categories', 'categor'],
    ['category', 'categor'],
    ['payments', 'payment'],
    ['adjustments', 'adjust'],
    ['setting', 'set'],
    ['classes', 'class'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['automatically', 'automatic'],
    ['play', 'play'],
    ['away', 'away'],
  ])('%s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('keeps short words and words with digits as they are', () => {
    expect(stem('tax')).toBe('tax');
    expect(stem('gst')).toBe('gst');
    expect(stem('1099s')).toBe('1099s');
  });

  it('keeps l, s and z doubled at the end', () => {
    expect(stem('bills')).toBe('bill');
    expect(stem('access')).toBe('access');
  });
});

describe('textTerms', () => {
  it('drops stop words, folds case and accents, keeps repeats', () => {
    expect(textTerms('How do I reconcile the Réconciled bank, bank?')).toEqual([
      'reconcil',
      'reconcil',
      'bank',
      'bank',
    ]);
  });

  it('counts equivalent words as one term', () => {
    expect(textTerms('lodge')).toEqual(textTerms('submit'));
    expect(textTerms('logged out')).toEqual(textTerms('signed out'));
    expect(textTerms('online shop')).toEqual(textTerms('online store'));
    for (const [from, to] of EQUIVALENT_TERMS) expect(from).not.toBe(to);
  });

  it("reads 'e-mail' as 'email'", () => {
    expect(textTerms('E-mail it')).toEqual(textTerms('email it'));
  });

  it('has lower-case stop words only', () => {
    for (const word of STOP_WORDS) expect(word).toMatch(/^[a-z]+$/);
  });
});

describe('questionTerms', () => {
  it('lists each term once, in order', () => {
    expect(questionTerms('Bank feed, bank rules and feeds?')).toEqual(['bank', 'feed', 'rul']);
  });

  it('is empty for a question of stop words only', () => {
    expect(questionTerms('How do I?')).toEqual([]);
  });
});
