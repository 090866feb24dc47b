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
