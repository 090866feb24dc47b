import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../content/index.ts';
import {
  allowedEdits,
  chooseCorrection,
  correctableWords,
  editDistance,
  unescapeHtml,
  extractMarkedRanges,
  formatQuery,
  highlightSuggestion,
  negatedClauses,
  parseSearchQuery,
  positiveClauses,
  queryKey,
  replaceWords,
  stemPrefix,
  tokenize,
} from './query.ts';

describe('tokenize', () => {
  it('lower-cases and removes accents', () => {
    expect(tokenize('Réconcile ÉTAT Ångström')).toEqual(['reconcile', 'etat', 'angstrom']);
  });

  it('splits on everything but letters and digits', () => {
    expect(tokenize("Don't e-mail GST/VAT 2024-25, café!")).toEqual([
      'don',
      't',
      'e',
      'mail',
      'gst',
      'vat',
      '2024',
      '25',
      'cafe',
    ]);
    expect(tokenize('  ...  ')).toEqual([]);
  });

  it('cuts very long words', () => {
    expect(tokenize('a'.repeat(100))[0]).toHaveLength(64);
  });
});

describe('parseSearchQuery', () => {
  it('reads plain terms', () => {
    expect(parseSearchQuery('bank  Feeds').clauses).toEqual([
      { words: ['bank'], prefix: false, negated: false },
      { words: ['feeds'], prefix: false, negated: false },
    ]);
  });

  it('reads "phrases", closed or left open', () => {
    expect(parseSearchQuery('"bank feed" rules').clauses).toEqual([
      { words: ['bank', 'feed'], prefix: false, negated: false },
      { words: ['rules'], prefix: false, negated: false },
    ]);
    expect(parseSearchQuery('"bank feed').clauses).toEqual([
      { words: ['bank', 'feed'], prefix: false, negated: false },
    ]);
  });

  it('reads prefix* terms and phrases', () => {
    expect(parseSearchQuery('recon* "bank st"*').clauses).toEqual([
      { words: ['recon'], prefix: true, negated: false },
      { words: ['bank', 'st'], prefix: true, negated: false },
    ]);
  });

  it('reads -negated terms and phrases, but not hyphens inside words', () => {
    expect(parseSearchQuery('bank -feed -"sales tax" e-mail').clauses).toEqual([
      { words: ['bank'], prefix: false, negated: false },
      { words: ['feed'], prefix: false, negated: true },
      { words: ['sales', 'tax'], prefix: false, negated: true },
      { words: ['e', 'mail'], prefix: false, negated: false },
    ]);
  });

  it('ignores what holds no word', () => {
    expect(parseSearchQuery(' - * "" () ^ ').clauses).toEqual([]);
    expect(parseSearchQuery('').clauses).toEqual([]);
  });

  it('keeps at most 32 clauses', () => {
    expect(parseSearchQuery('word '.repeat(40)).clauses).toHaveLength(32);
  });

  it('splits positive and negated clauses and lists the words worth correcting', () => {
    const query = parseSearchQuery('bank recon* "sales tax" -feed');
    expect(positiveClauses(query)).toHaveLength(3);
    expect(negatedClauses(query)).toEqual([{ words: ['feed'], prefix: false, negated: true }]);
    expect(correctableWords(query)).toEqual(['bank', 'sales', 'tax']);
    expect(correctableWords(parseSearchQuery('"bank st"*'))).toEqual(['bank']);
  });
});

describe('formatQuery and replaceWords', () => {
  it('writes a query back in the query language', () => {
    expect(formatQuery(parseSearchQuery('Bank -"Sales Tax" recon* "a b"*'))).toBe(
      'bank -"sales tax" recon* "a b"*',
    );
  });

  it('replaces whole positive words only', () => {
    const query = parseSearchQuery('reconcilation recon* -reconcilation "bank reconcilation"');
    const replaced = replaceWords(
      query,
      new Map([
        ['reconcilation', 'reconciliation'],
        ['recon', 'x'],
      ]),
    );
    expect(formatQuery(replaced)).toBe(
      'reconciliation recon* -reconcilation "bank reconciliation"',
    );
  });
});

describe('stemPrefix', () => {
  it('gives the first seven letters of words of nine letters or more', () => {
    expect(stemPrefix('reconciliation')).toBe('reconci');
    expect(stemPrefix('reconcile')).toBe('reconci');
    expect(stemPrefix('payroll')).toBeUndefined();
    expect(stemPrefix('12345678901')).toBeUndefined();
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('bank', 'bank')).toBe(0);
    expect(editDistance('bank', 'banks')).toBe(1);
    expect(editDistance('bank', 'ban')).toBe(1);
    expect(editDistance('bank', 'bunk')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('counts swapping two neighbouring letters as one edit', () => {
    expect(editDistance('ledger', 'legder')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
  });

  it('stops early above the limit', () => {
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('reconcilation', 'reconciliation', 2)).toBe(1);
  });
});

describe('chooseCorrection', () => {
  const vocabulary = [
    { word: 'reconciliation', documentCount: 40 },
    { word: 'reconciliations', documentCount: 3 },
    { word: 'payroll', documentCount: 10 },
    { word: 'payrolls', documentCount: 50 },
    { word: 'ledger', documentCount: 5 },
    { word: 'leader', documentCount: 5 },
  ];

  it('picks the closest word', () => {
    expect(chooseCorrection('reconcilation', vocabulary)).toBe('reconciliation');
    expect(chooseCorrection('payrol', vocabulary)).toBe('payroll');
  });

  it('prefers the more frequent word at the same distance, then alphabetical order', () => {
    expect(chooseCorrection('payrollz', vocabulary)).toBe('payrolls');
    expect(chooseCorrection('leeder', vocabulary)).toBe('leader');
  });

  it('allows one edit below eight letters and two from eight', () => {
    expect(allowedEdits('ledger')).toBe(1);
    expect(allowedEdits('reconcile')).toBe(2);
    expect(chooseCorrection('lxdgxr', vocabulary)).toBeUndefined();
    expect(chooseCorrection('recxnciliatixn', vocabulary)).toBe('reconciliation');
  });

  it('leaves short words, numbers and hopeless words alone', () => {
    expect(chooseCorrection('pay', [{ word: 'pays', documentCount: 9 }])).toBeUndefined();
    expect(chooseCorrection('20245', [{ word: '20246', documentCount: 9 }])).toBeUndefined();
    expect(chooseCorrection('zzzzzz', vocabulary)).toBeUndefined();
    expect(chooseCorrection('ledgers', [{ word: 'ledger', documentCount: 0 }])).toBeUndefined();
  });
});

describe('extractMarkedRanges', () => {
  it('strips the markers and gives the offsets of what they wrapped', () => {
    const { text, ranges } = extractMarkedRanges('[Bank] feeds and [bank] rules', '[', ']');
    expect(text).toBe('Bank feeds and bank rules');
    expect(ranges).toEqual([
      { offset: 0, length: 4 },
      { offset: 15, length: 4 },
    ]);
    for (const range of ranges) {
      expect(text.slice(range.offset, range.offset + range.length).toLowerCase()).toBe('bank');
    }
  });

  it('joins touching matches and handles multi-character and unclosed markers', () => {
    expect(extractMarkedRanges('<<a>><<b>> c <<d', '<<', '>>')).toEqual({
      text: 'ab c d',
      ranges: [
        { offset: 0, length: 2 },
        { offset: 5, length: 1 },
      ],
    });
    expect(extractMarkedRanges('no marks', '<<', '>>')).toEqual({ text: 'no marks', ranges: [] });
  });

  it('counts offsets as JavaScript does, in UTF-16 units', () => {
    const { text, ranges } = extractMarkedRanges('💷 [café]', '[', ']');
    expect(text.slice(ranges[0]!.offset, ranges[0]!.offset + ranges[0]!.length)).toBe('café');
  });
});

describe('highlightSuggestion', () => {
  it('bolds what follows the typed beginning', () => {
    expect(highlightSuggestion('reconcile payroll', 'reco')).toBe('reco<b>ncile payroll</b>');
  });

  it('keeps typed words and the spaces between them plain', () => {
    expect(highlightSuggestion('Bank reconciliation report', 'bank rec')).toBe(
      'Bank rec<b>onciliation report</b>',
    );
  });

  it('bolds the words before and between typed words', () => {
    expect(highlightSuggestion('How to reconcile a bank account', 'reconcile bank')).toBe(
      '<b>How to </b>reconcile<b> a </b>bank<b> account</b>',
    );
  });

  it('matches regardless of case and accents and escapes HTML', () => {
    expect(highlightSuggestion('Café <tips> & tricks', 'cafe')).toBe(
      'Café<b> &lt;tips&gt; &amp; tricks</b>',
    );
  });

  it('bolds everything when nothing typed is found', () => {
    expect(highlightSuggestion('Payroll', 'zz')).toBe('<b>Payroll</b>');
    expect(highlightSuggestion('Payroll', 'payroll')).toBe('Payroll');
  });
});

describe('unescapeHtml', () => {
  it('gives back the text escapeHtml escaped', () => {
    const text = `Reconciliation report doesn't match: <a href="x"> & 'quotes'`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
  });

  it('decodes numeric references and leaves unknown or invalid ones as written', () => {
    expect(unescapeHtml('caf&#233; &#x1F4B0; &AMP; &apos;')).toBe("café 💰 & '");
    expect(unescapeHtml('&nbsp; &#0; &#x110000; &amp')).toBe('&nbsp; &#0; &#x110000; &amp');
    // Decoded once only: an escaped reference stays a reference.
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
  });
});

describe('queryKey', () => {
  it('normalises the words and keeps a finished word finished', () => {
    expect(queryKey('  Bank   Réconciliation ')).toBe('bank reconciliation ');
    expect(queryKey('Bank rec')).toBe('bank rec');
    expect(queryKey('?!')).toBe('');
  });
});
