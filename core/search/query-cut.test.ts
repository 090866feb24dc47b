import { describe, expect, it } from 'vitest';
import { cutQuery } from './query-cut.ts';
import { MAX_QUERY_LENGTH } from './request-fields.ts';

describe('cutting a query longer than a query may be', () => {
  it('leaves a query of the greatest length as typed', () => {
    const typed = 'a'.repeat(MAX_QUERY_LENGTH);
    expect(cutQuery(typed)).toEqual({ text: typed, cut: false });
  });

  it('ends a longer query at its last whole word', () => {
    expect(cutQuery('invoice reminders sent late', 20)).toEqual({
      text: 'invoice reminders',
      cut: true,
    });
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(cutQuery('invoice reminders sent', 17)).toEqual({
      text: 'invoice reminders',
      cut: true,
    });
  });

  it('cuts one long word at the limit when there is no space to end at', () => {
    expect(cutQuery('x'.repeat(30), 10)).toEqual({ text: 'x'.repeat(10), cut: true });
  });

  it('counts characters, not UTF-16 units, so no emoji or accented letter is split', () => {
    const typed = '😀'.repeat(12);
    const { text, cut } = cutQuery(typed, 10);
    expect(cut).toBe(true);
    expect(Array.from(text)).toHaveLength(10);
    expect(text).toBe('😀'.repeat(10));
  });

  it('cuts pasted text of thousands of characters to at most the limit', () => {
    const typed = 'how do I reconcile a bank feed '.repeat(200);
    const { text, cut } = cutQuery(typed);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(text.length).toBeGreaterThan(MAX_QUERY_LENGTH - 20);
    expect(typed.startsWith(text)).toBe(true);
  });
});
