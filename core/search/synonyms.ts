import { isRegion } from '../regions/index.ts';
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

/** A line of a synonym list that cannot be read, and why. */
export interface SynonymListProblem {
  line: number;
  problem: string;
}

const REGION_PREFIX = /^\[([^\]]*)\]\s*(.*)$/;

/**
 * A synonym list as a provider keeps it in a file (SEARCH_SYNONYMS_FILE): one rule a line, its
 * terms separated by commas, optionally led by the regions it applies to in brackets
 * ('[AU NZ UK] pay run, payroll'); blank lines and lines starting with '#' are skipped. Every
 * line that cannot be read is named, so a start with a broken list says where to look.
 */
export function parseSynonymList(
  text: string,
): { rules: SynonymRule[] } | { problems: SynonymListProblem[] } {
  const rules: SynonymRule[] = [];
  const problems: SynonymListProblem[] = [];
  text.split(/\r?\n/).forEach((raw, at) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const prefixed = REGION_PREFIX.exec(line);
    const regions = prefixed
      ? prefixed[1]!
          .split(/[\s,]+/)
          .filter((code) => code !== '')
          .map((code) => code.toUpperCase())
      : undefined;
    const unknown = regions?.filter((code) => !isRegion(code)) ?? [];
    if (regions !== undefined && (regions.length === 0 || unknown.length > 0)) {
      problems.push({
        line: at + 1,
        problem:
          regions.length === 0
            ? 'Name at least one region between the brackets, or leave the brackets out.'
            : `Unknown region ${unknown.join(', ')}.`,
      });
      return;
    }
    const parsed = parseSynonymTerms(prefixed ? prefixed[2]! : line);
    if ('problem' in parsed) {
      problems.push({ line: at + 1, problem: parsed.problem });
      return;
    }
    rules.push(regions ? { terms: parsed.terms, regions: [...new Set(regions)] } : parsed);
  });
  return problems.length > 0 ? { problems } : { rules };
}
