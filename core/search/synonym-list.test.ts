import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNONYMS, parseSynonymList } from './synonyms.ts';

describe('a synonym list from a file', () => {
  it('reads one rule a line, with the regions in brackets, skipping blanks and comments', () => {
    const text = [
      '# accounting words',
      '',
      'GST, VAT, sales tax',
      '[au nz, UK] pay run, payroll',
      '  [US]   payroll run , pay run  ',
      '\r',
    ].join('\r\n');
    expect(parseSynonymList(text)).toEqual({
      rules: [
        { terms: ['gst', 'vat', 'sales tax'] },
        { terms: ['pay run', 'payroll'], regions: ['AU', 'NZ', 'UK'] },
        { terms: ['payroll run', 'pay run'], regions: ['US'] },
      ],
    });
  });

  it('names every line it cannot read, and keeps none of the list then', () => {
    const text = ['gst, vat', 'payslip', '[XX] a, b', '[] c, d', '[AU AU] tfn, tax file number'];
    expect(parseSynonymList(text.join('\n'))).toEqual({
      problems: [
        { line: 2, problem: 'Give at least two terms, separated by commas.' },
        { line: 3, problem: 'Unknown region XX.' },
        {
          line: 4,
          problem: 'Name at least one region between the brackets, or leave the brackets out.',
        },
      ],
    });
  });

  it('names a region once however often it is listed', () => {
    expect(parseSynonymList('[AU au] tfn, tax file number')).toEqual({
      rules: [{ terms: ['tfn', 'tax file number'], regions: ['AU'] }],
    });
  });

  it('reads an empty list as no rules', () => {
    expect(parseSynonymList('# nothing yet\n')).toEqual({ rules: [] });
  });

  it('reads the built-in rules back from their written form', () => {
    const written = DEFAULT_SYNONYMS.map(
      (rule) => `${rule.regions ? `[${rule.regions.join(' ')}] ` : ''}${rule.terms.join(', ')}`,
    ).join('\n');
    expect(parseSynonymList(written)).toEqual({ rules: DEFAULT_SYNONYMS });
  });
});
