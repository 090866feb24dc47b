import type { SynonymRule } from './relevance.ts';

/*
 * The words accounting help is written in differ between countries and between visitors and
 * writers. Each rule's terms find each other's pages; a rule with regions applies only for
 * visitors of those regions, where the words mean the same there and not elsewhere.
 */
export const DEFAULT_SYNONYMS: readonly SynonymRule[] = [
  { terms: ['gst', 'vat', 'sales tax'] },
  { terms: ['bill', 'purchase invoice', 'supplier invoice'] },
  { terms: ['supplier', 'vendor'] },
  { terms: ['customer', 'client'] },
  { terms: ['credit note', 'credit memo'] },
  { terms: ['refund', 'return'] },
  { terms: ['spreadsheet', 'csv', 'excel'] },
  { terms: ['inventory', 'stock'] },
  { terms: ['owe', 'owed', 'outstanding', 'unpaid'] },
  { terms: ['turn on', 'switch on', 'enable', 'activate'] },
  { terms: ['turn off', 'switch off', 'disable', 'deactivate'] },
  { terms: ['pay run', 'payroll'], regions: ['AU', 'NZ', 'UK'] },
  { terms: ['pay run', 'payroll run'], regions: ['US', 'CA'] },
  { terms: ['tax file number', 'tfn'], regions: ['AU'] },
  { terms: ['ird number', 'tax number'], regions: ['NZ'] },
];

/** The most terms one stored rule may join, and the longest term. */
export const MAX_SYNONYM_TERMS = 8;
export const MAX_SYNONYM_TERM_LENGTH = 60;

/**
 * A synonym rule staff type ('payslip, pay slip, salary slip'): its terms in lower case with
 * single spaces, each once, in the order typed; or what is wrong with it.
 */
export function parseSynonymTerms(typed: string): { terms: string[] } | { problem: string } {
  const terms = [
    ...new Set(
      typed
        .split(',')
        .map((term) => term.toLowerCase().replace(/\s+/g, ' ').trim())
        .filter((term) => term !== ''),
    ),
  ];
  if (terms.length < 2) return { problem: 'Give at least two terms, separated by commas.' };
  if (terms.length > MAX_SYNONYM_TERMS) {
    return { problem: `Give at most ${MAX_SYNONYM_TERMS} terms.` };
  }
  if (terms.some((term) => term.length > MAX_SYNONYM_TERM_LENGTH)) {
    return { problem: `Keep each term under ${MAX_SYNONYM_TERM_LENGTH} characters.` };
  }
  if (terms.some((term) => !/[\p{L}\p{N}]/u.test(term))) {
    return { problem: 'Each term needs a letter or a digit.' };
  }
  return { terms };
}

/** Stored rules ('a, b, c' each) as the rules search applies, for every region. */
export function storedSynonymRules(stored: readonly string[]): SynonymRule[] {
  return stored.map((terms) => ({ terms: terms.split(', ') }));
}
