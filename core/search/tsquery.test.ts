import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './query.ts';
import { relevancePlan } from './relevance.ts';
import {
  COVER_DENSITY_HALF,
  saturatedCoverDensity,
  tsAnyGroup,
  tsCandidateTiers,
  tsEstimatedTerms,
  tsGroup,
  tsNegated,
} from './tsquery.ts';

const plan = (text: string, typingLastWord = false) =>
  relevancePlan(parseSearchQuery(text), { typingLastWord });

describe('tsquery text of a relevance plan', () => {
  it('matches any group, a long word by its beginning too, and none of the negated words', () => {
    expect(tsAnyGroup(plan('invoice reconciliation -draft'))).toBe(
      '((invoice) | (reconciliation | reconci:*)) & !(draft)',
    );
    expect(tsNegated(plan('-reconciliation'))).toBe('(reconciliation | reconci:*)');
    expect(tsAnyGroup(plan('-draft'))).toBeUndefined();
  });

  it('keeps phrases in order and the word being typed as a beginning', () => {
    expect(tsAnyGroup(plan('"bank feed"'))).toBe('((bank <-> feed))');
    expect(tsAnyGroup(plan('trial bal', true))).toBe('(trial) | (bal:*)');
  });

  it('asks for the title with weight A', () => {
    expect(tsGroup(plan('bal').groups[0]!, 'A')).toBe('(bal:A)');
    expect(tsGroup(plan('bal', true).groups[0]!, 'A')).toBe('(bal:*A)');
  });

  it('takes candidates from all words in the title, then all words, then any', () => {
    expect(tsCandidateTiers(plan('invoice repeat'))).toEqual([
      '(invoice:A) & (repeat:A)',
      '(invoice) & (repeat)',
      '(invoice) | (repeat)',
    ]);
    expect(tsCandidateTiers(plan('-draft'))).toEqual([]);
  });

  it('leaves no operator of the typed text in the query', () => {
    for (const text of ['a & b | c !', 'NEAR(a b)', 'x:*', "o'brien", '"a']) {
      const query = tsAnyGroup(plan(text)) ?? '';
      expect(
        query
          .replace(/[\p{L}\p{N}]+(:\*?A?)?/gu, '')
          .replace(/ <-> /g, ' ')
          .replace(/[()|&! ]/g, ''),
      ).toBe('');
    }
  });
});

describe('tsEstimatedTerms', () => {
  it('weighs each lexeme once', () => {
    expect(tsEstimatedTerms("'reconcil' | 'reconcili' | 'reconcil' | 'reconcil'")).toBe(
      "'reconcil' | 'reconcili'",
    );
  });

  it('leaves out beginnings beside whole lexemes, and keeps them when they are all there is', () => {
    expect(tsEstimatedTerms("'account':* | 'account' | 'account'")).toBe("'account'");
    expect(tsEstimatedTerms("'bal':*")).toBe("'bal':*");
    expect(tsEstimatedTerms("'bal':* | 'bal':*")).toBe("'bal':*");
  });

  it('keeps phrases as alternatives, and a group in parentheses as it is', () => {
    expect(tsEstimatedTerms("'sale' <-> 'tax' | 'vat' | 'vat'")).toBe("'sale' <-> 'tax' | 'vat'");
    expect(tsEstimatedTerms("( 'a' | 'b' ) <-> 'c' | 'c'")).toBe("( 'a' | 'b' ) <-> 'c' | 'c'");
  });
});

describe('saturatedCoverDensity', () => {
  it('keeps the order of ranks and reaches half at COVER_DENSITY_HALF', () => {
    const ranks = [0, 0.001, 0.01, COVER_DENSITY_HALF, 0.1, 1, 10];
    const saturated = ranks.map(saturatedCoverDensity);
    expect(saturated[0]).toBe(0);
    expect(saturatedCoverDensity(COVER_DENSITY_HALF)).toBe(0.5);
    for (let index = 1; index < saturated.length; index += 1) {
      expect(saturated[index]).toBeGreaterThan(saturated[index - 1]!);
      expect(saturated[index]).toBeLessThan(1);
    }
  });

  it('narrows a twenty-fold rank to under twice', () => {
    expect(saturatedCoverDensity(1) / saturatedCoverDensity(0.05)).toBeLessThan(2);
  });

  it('gives no relevance to a rank of nothing', () => {
    expect(saturatedCoverDensity(-0.1)).toBe(0);
  });
});
