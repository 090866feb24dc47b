import { describe, expect, it } from 'vitest';
import {
  buildPassageIndex,
  DEFINITION_FACTOR,
  isDefinitionQuestion,
  OTHER_REGION_FACTOR,
  OWN_REGION_FACTOR,
  rankPassages,
  regionFactor,
  termWeight,
  TITLE_FIT_WEIGHT,
  titleShareNamed,
  type RankablePassage,
} from './passage-ranking.ts';
import { textTerms } from './terms.ts';

interface TestPassage extends RankablePassage {
  name: string;
}

function passage(
  name: string,
  text: string,
  options: { title?: string; heading?: string; region?: string; definition?: boolean } = {},
): TestPassage {
  return {
    name,
    terms: textTerms(text),
    titleTerms: textTerms(options.title ?? ''),
    headingTerms: textTerms(options.heading ?? ''),
    region: options.region ?? null,
    isDefinition: options.definition ?? false,
  };
}

const passages = [
  passage('invoice', 'Create an invoice and send it to your customer.', {
    title: 'Create and send an invoice',
  }),
  passage('bank', 'Connect your bank so transactions arrive every day.', {
    title: 'Connect a bank feed',
  }),
  passage('bas', 'Lodge your activity statement with the tax office.', {
    title: 'Prepare and lodge a return',
    region: 'AU',
  }),
  passage('vat', 'Submit your VAT return to the tax office.', {
    title: 'Submit a VAT return',
    region: 'UK',
  }),
  passage('gst', 'GST is a tax on goods and services sold.', {
    title: 'GST',
    definition: true,
  }),
  passage('gst-article', 'Report GST on sales and GST on purchases, GST each period.', {
    title: 'Report GST',
  }),
];
const index = buildPassageIndex(passages);
const names = (question: string, options: Parameters<typeof rankPassages>[2] = { limit: 10 }) =>
  rankPassages(index, textTerms(question), options).map((ranked) => ranked.passage.name);

describe('buildPassageIndex', () => {
  it('counts each passage once per term, in text or title', () => {
    expect(index.documentFrequency.get('invoic')).toBe(1);
    expect(index.documentFrequency.get('tax')).toBe(3);
    expect(index.averageLength).toBeGreaterThan(0);
  });

  it('copes with no passages', () => {
    const empty = buildPassageIndex<TestPassage>([]);
    expect(empty.averageLength).toBe(0);
    expect(rankPassages(empty, ['bank'], { limit: 5 })).toEqual([]);
  });
});

describe('termWeight', () => {
  it('weighs rare terms above common ones, and unknown terms most', () => {
    expect(termWeight(index, 'invoic')).toBeGreaterThan(termWeight(index, 'tax'));
    expect(termWeight(index, 'sourdough')).toBeGreaterThan(termWeight(index, 'invoic'));
  });
});

describe('rankPassages', () => {
  it('ranks passages matching the question first and leaves out those matching nothing', () => {
    expect(names('How do I send an invoice?')).toEqual(['invoice']);
    expect(names('bank transactions')[0]).toBe('bank');
  });

  it('reports the question terms each passage matched', () => {
    const [best] = rankPassages(index, textTerms('send invoice sourdough'), { limit: 1 });
    expect(best?.matched).toEqual(['send', 'invoic']);
  });

  it('ranks a title match above a text match', () => {
    const titled = passage('titled', 'Some words here.', { title: 'Payroll' });
    const texted = passage('texted', 'Payroll words here.');
    const small = buildPassageIndex([texted, titled]);
    expect(
      rankPassages(small, textTerms('payroll'), { limit: 2 }).map((r) => r.passage.name),
    ).toEqual(['titled', 'texted']);
  });

  it('ranks a heading match above a text match', () => {
    const headed = passage('headed', 'Some words here.', { heading: 'Payroll' });
    const texted = passage('texted', 'Payroll words here.');
    const small = buildPassageIndex([texted, headed]);
    expect(rankPassages(small, textTerms('payroll'), { limit: 2 })[0]?.passage.name).toBe('headed');
  });

  it("prefers the asker's region and demotes other regions", () => {
    expect(names('tax return', { limit: 10, region: 'AU' })[0]).toBe('bas');
    expect(names('tax return', { limit: 10, region: 'UK' })[0]).toBe('vat');
  });

  it('raises definitions for a question asking what something is', () => {
    const score = (definitionQuestion: boolean) =>
      rankPassages(index, textTerms('GST'), { limit: 10, definitionQuestion }).find(
        (ranked) => ranked.passage.name === 'gst',
      )?.score ?? 0;
    const other = (definitionQuestion: boolean) =>
      rankPassages(index, textTerms('GST'), { limit: 10, definitionQuestion }).find(
        (ranked) => ranked.passage.name === 'gst-article',
      )?.score;
    expect(score(true) / score(false)).toBeCloseTo(DEFINITION_FACTOR);
    expect(other(true)).toBe(other(false));
  });

  it('ranks only the passages `include` keeps', () => {
    expect(names('tax', { limit: 10, include: (p) => p.region === null })).not.toContain('bas');
  });

  it('prefers a passage covering more of the question', () => {
    const both = passage('both', 'Reconcile the bank account.');
    const one = passage('one', 'Bank bank bank bank bank.');
    const small = buildPassageIndex([one, both]);
    expect(rankPassages(small, textTerms('reconcile bank'), { limit: 2 })[0]?.passage.name).toBe(
      'both',
    );
  });

  it('keeps at most `limit` passages', () => {
    expect(names('tax', { limit: 1 })).toHaveLength(1);
    expect(names('tax', { limit: 0 })).toEqual([]);
  });
});

describe('regionFactor', () => {
  it('raises own-region, lowers other-region and keeps every-region passages', () => {
    expect(regionFactor('AU', 'AU')).toBe(OWN_REGION_FACTOR);
    expect(regionFactor('UK', 'AU')).toBe(OTHER_REGION_FACTOR);
    expect(regionFactor(null, 'AU')).toBe(1);
    expect(regionFactor('AU', undefined)).toBe(1);
    expect(OWN_REGION_FACTOR).toBeGreaterThan(1);
    expect(DEFINITION_FACTOR).toBeGreaterThan(1);
  });
});

describe('isDefinitionQuestion', () => {
  it.each([
    ['What is GST?', true],
    ["What's a lock date", true],
    ['What does accrual accounting mean?', true],
    ['Define working capital', true],
    ['What are the steps to reconcile?', false],
    ['What is the best way to invoice?', false],
    ['How do I set up GST?', false],
    ['What can each user role do?', false],
    ['What is GST and how do I file it?', false],
  ])('%s → %s', (question, expected) => {
    expect(isDefinitionQuestion(question)).toBe(expected);
  });
});

describe('titleShareNamed', () => {
  const question = new Map(textTerms('balance sheet').map((term) => [term, 1]));
  it('is the share of the title words the question names', () => {
    expect(titleShareNamed(textTerms('Balance Sheet'), question)).toBe(1);
    expect(titleShareNamed(textTerms('Balance Sheet: Filters'), question)).toBeCloseTo(2 / 3);
    expect(titleShareNamed(textTerms('Profit and Loss'), question)).toBe(0);
    expect(titleShareNamed([], question)).toBe(0);
  });

  it('ranks the page about no more than what was asked above a section page about more', () => {
    const pages = [
      passage('filters', 'The balance sheet has filters for the balance sheet dates.', {
        title: 'Balance Sheet: Filters',
      }),
      passage('report', 'The balance sheet lists what you own and owe.', {
        title: 'Balance Sheet',
      }),
      passage('other', 'Unrelated words about payroll.', { title: 'Payroll' }),
    ];
    const ranked = rankPassages(buildPassageIndex(pages), textTerms('balance sheet'), {
      limit: 3,
    });
    expect(ranked.map((entry) => entry.passage.name)).toEqual(['report', 'filters']);
    expect(TITLE_FIT_WEIGHT).toBeGreaterThan(0);
    expect(TITLE_FIT_WEIGHT).toBeLessThan(1);
  });
});
