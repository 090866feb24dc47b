import { describe, expect, it } from 'vitest';
import { parseSynonymTerms, storedSynonymRules } from './synonyms.ts';

describe('stored synonym rules', () => {
  it('keeps each term once, in lower case with single spaces, in the order typed', () => {
    expect(parseSynonymTerms(' Payslip,  PAY   slip , payslip, salary slip')).toEqual({
      terms: ['payslip', 'pay slip', 'salary slip'],
    });
  });

  it('says what is wrong with a rule that cannot be stored', () => {
    expect(parseSynonymTerms('payslip, ')).toEqual({
      problem: 'Give at least two terms, separated by commas.',
    });
    expect(parseSynonymTerms(Array.from({ length: 9 }, (_, at) => `t${at}`).join(','))).toEqual({
      problem: 'Give at most 8 terms.',
    });
    expect(parseSynonymTerms(`a, ${'b'.repeat(61)}`)).toEqual({
      problem: 'Keep each term under 60 characters.',
    });
    expect(parseSynonymTerms('payslip, --')).toEqual({
      problem: 'Each term needs a letter or a digit.',
    });
  });

  it('reads stored rules back as rules for every region', () => {
    expect(storedSynonymRules(['payslip, pay slip'])).toEqual([{ terms: ['payslip', 'pay slip'] }]);
  });
});
