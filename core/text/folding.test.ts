import { describe, expect, it } from 'vitest';
import { foldAccents, slugOf } from './index.ts';

describe('folding words', () => {
  it('lower-cases and takes accents and compatibility forms off letters', () => {
    expect(foldAccents('Réconcile')).toBe('reconcile');
    expect(foldAccents('RÉSUMÉ Ångström')).toBe('resume angstrom');
    // Compatibility forms become their plain letters and digits.
    expect(foldAccents('ﬁle ２０２４')).toBe('file 2024');
    // A letter with no decomposition stays as it is, lower-cased.
    expect(foldAccents('Łódź Straße')).toBe('łodz straße');
    expect(foldAccents('Банк')).toBe('банк');
  });

  it('slugs the ASCII letters and digits, joined by one hyphen, trimmed', () => {
    expect(slugOf('Café & Co.', 60)).toBe('cafe-co');
    expect(slugOf('  --Year-end   close: 2024!  ', 60)).toBe('year-end-close-2024');
    expect(slugOf('Résumé writing', 60)).toBe('resume-writing');
    // Nothing a slug can hold gives nothing, for the caller's own fallback.
    expect(slugOf('!!! …', 60)).toBe('');
    expect(slugOf('Банк', 60)).toBe('');
  });

  it('cuts at the length without leaving a hyphen at the end', () => {
    expect(slugOf('abcd efgh', 5)).toBe('abcd');
    expect(slugOf('abcd efgh', 6)).toBe('abcd-e');
    expect(slugOf('a'.repeat(80), 60)).toHaveLength(60);
  });
});
