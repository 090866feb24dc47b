import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './query.ts';
import {
  ftsAnyGroup,
  ftsCandidateTiers,
  ftsGroup,
  ftsNearGroups,
  ftsNegated,
  groupWeight,
  MAX_GROUPS,
  planBeginnings,
  relevancePlan,
  withCompletions,
  type SynonymRule,
} from './relevance.ts';
import { DEFAULT_SYNONYMS } from './synonyms.ts';

const plan = (text: string, options: Parameters<typeof relevancePlan>[1] = {}) =>
  relevancePlan(parseSearchQuery(text), options);
const typed = (text: string, options: Parameters<typeof relevancePlan>[1] = {}) =>
  plan(text, options).groups.map((group) => group.typed.join(' '));

describe('relevance plan', () => {
  it('leaves out stop words, contractions included', () => {
    expect(typed('how do I make an invoice repeat')).toEqual(['make', 'invoice', 'repeat']);
    expect(typed("why can't I edit it")).toEqual(['edit']);
  });

  it('keeps stop words when nothing else is left, so a search never fails on them', () => {
    expect(typed('how to')).toEqual(['how', 'to']);
  });

  it('keeps quoted phrases and typed prefixes whole, unless the phrase is all stop words', () => {
    const quoted = plan('"pay run" pay*');
    expect(plan('"to be" invoice').groups.map((group) => group.typed)).toEqual([['invoice']]);
    expect(quoted.groups.map((group) => group.alternatives)).toEqual([
      [{ words: ['pay', 'run'], prefix: false }],
      [{ words: ['pay'], prefix: true }],
    ]);
  });

  it('sets negated clauses apart', () => {
    const negated = plan('invoice -draft');
    expect(negated.groups.map((group) => group.typed)).toEqual([['invoice']]);
    expect(negated.negated).toEqual([{ words: ['draft'], prefix: false, negated: true }]);
  });

  it('lets a long word match the forms sharing its first 7 letters', () => {
    expect(plan('reconciliation').groups[0]!.alternatives).toEqual([
      { words: ['reconciliation'], prefix: false },
      { words: ['reconci'], prefix: true },
    ]);
  });

  it('matches the last word as a beginning while it is typed, from 3 letters', () => {
    expect(plan('trial bal', { typingLastWord: true }).groups[1]!.alternatives).toEqual([
      { words: ['bal'], prefix: true },
    ]);
    expect(plan('trial bal').groups[1]!.alternatives[0]!.prefix).toBe(false);
    expect(plan('trial ba', { typingLastWord: true }).groups[1]!.alternatives[0]!.prefix).toBe(
      false,
    );
    // A stop word left out is not the word being typed.
    expect(plan('invoice the', { typingLastWord: true }).groups[0]!.alternatives[0]!.prefix).toBe(
      false,
    );
  });
});

describe('synonyms', () => {
  const rules: SynonymRule[] = [
    { terms: ['gst', 'vat', 'sales tax'] },
    { terms: ['turn on', 'enable'] },
    { terms: ['pay run', 'payroll'], regions: ['AU'] },
  ];

  it('joins a word or phrase with the terms meaning the same', () => {
    expect(ftsGroup(plan('gst', { synonyms: rules }).groups[0]!)).toBe(
      '("gst" OR "vat" OR "sales tax")',
    );
    const tax = plan('sales tax return', { synonyms: rules });
    expect(tax.groups.map((group) => group.typed.join(' '))).toEqual(['sales tax', 'return']);
  });

  it('finds a term before its stop words are left out', () => {
    expect(ftsGroup(plan('turn on inventory', { synonyms: rules }).groups[0]!)).toBe(
      '("turn on" OR "enable")',
    );
  });

  it('applies a regional rule only for visitors of its regions', () => {
    expect(plan('payroll', { synonyms: rules, region: 'AU' }).groups[0]!.alternatives).toHaveLength(
      2,
    );
    expect(plan('payroll', { synonyms: rules, region: 'US' }).groups[0]!.alternatives).toHaveLength(
      1,
    );
    expect(plan('payroll', { synonyms: rules }).groups[0]!.alternatives).toHaveLength(1);
  });

  it('has GST, VAT and sales tax as one meaning by default', () => {
    expect(
      DEFAULT_SYNONYMS.some((rule) => rule.terms.includes('vat') && rule.terms.includes('gst')),
    ).toBe(true);
  });
});

describe('completions', () => {
  it('lists the single-word beginnings of a plan once', () => {
    expect(planBeginnings(plan('reconciliation employ*'))).toEqual(['reconci', 'employ']);
  });

  it('adds the whole words a beginning stands for, without repeating a known one', () => {
    const completed = withCompletions(
      plan('employ*'),
      new Map([['employ', ['employees', 'employ', 'employer']]]),
    );
    expect(ftsGroup(completed.groups[0]!)).toBe('("employ"* OR "employees" OR "employer")');
  });
});

describe('bounds', () => {
  it('ranks by the first MAX_GROUPS groups of a long query', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`);
    const groups = plan(words.join(' ')).groups;
    expect(groups).toHaveLength(MAX_GROUPS);
    expect(groups[0]!.typed).toEqual(['word0']);
  });
});

describe('FTS5 expressions', () => {
  it('matches any group and none of the negated clauses', () => {
    expect(ftsAnyGroup(plan('invoice repeat -draft'))).toBe(
      '("invoice" OR "repeat") NOT ("draft")',
    );
    expect(ftsAnyGroup(plan('-draft'))).toBeUndefined();
    expect(ftsNegated(plan('-reconciliation'))).toBe('"reconciliation" OR "reconci"*');
  });

  it('takes candidates from all words in the title, then all words, then any word', () => {
    expect(ftsCandidateTiers(plan('invoice repeat'))).toEqual([
      {
        match: '"invoice" AND "repeat"',
        within: '{title} : "invoice" AND {title} : "repeat"',
        everyGroup: 'title',
      },
      { match: '"invoice" AND "repeat"', everyGroup: 'text' },
      { match: '"invoice" OR "repeat"' },
    ]);
    expect(ftsCandidateTiers(plan('invoice'))).toEqual([
      { match: '"invoice"', within: '{title} : "invoice"', everyGroup: 'title' },
      { match: '"invoice"', everyGroup: 'text' },
    ]);
    expect(ftsCandidateTiers(plan('-draft'))).toEqual([]);
  });

  it('keeps negated words out of every candidate tier', () => {
    for (const tier of ftsCandidateTiers(plan('invoice repeat -draft'))) {
      expect(tier.match).toMatch(/NOT \("draft"\)$/);
      if (tier.within !== undefined) expect(tier.within).toMatch(/NOT \("draft"\)$/);
    }
  });

  it('asks for the typed words near each other only when there are several', () => {
    expect(ftsNearGroups(plan('invoice repeat'))).toBe('NEAR("invoice" "repeat", 4)');
    expect(ftsNearGroups(plan('invoice'))).toBeUndefined();
  });

  it('quotes every word, so typed syntax is text', () => {
    for (const text of ['NEAR(a b)', 'title: x', 'a & b | c !', 'OR AND NOT', '"a']) {
      const expression = ftsAnyGroup(plan(text));
      if (expression === undefined) continue;
      expect(expression.replace(/"[^"]*"\*?/g, '').replace(/\(|\)| OR |NOT|\s/g, '')).toBe('');
    }
  });
});

describe('group weight', () => {
  it('weighs rare words more than common ones, never below a floor', () => {
    expect(groupWeight(1, 1000)).toBeGreaterThan(groupWeight(100, 1000));
    expect(groupWeight(1000, 1000)).toBe(0.05);
  });
});
