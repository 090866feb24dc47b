import { articleDocument, type NewSearchDocument } from '~tests/support/search-documents.ts';

/** The engine tests' documents: banking, payroll, a glossary entry and a course, dated apart. */
export const ENGINE_DOCUMENTS: NewSearchDocument[] = [
  articleDocument('reconcile-bank', {
    title: 'Reconcile your bank account',
    excerpt: 'Match bank statement lines with transactions.',
    body_text:
      'Reconciling keeps your books accurate. Open the bank account and match each statement line.',
    sfcoreproductc: '["Ledgerleaf Accounting"]',
    sfaudiencec: '["Small business"]',
    sftopicfirstlevelc: 'Banking',
    sfcreateddate: '2026-03-01',
  }),
  articleDocument('reconciliation-report', {
    title: 'Bank reconciliation report',
    excerpt: 'Read the report after a reconciliation.',
    body_text: 'The reconciliation report lists statement balances and unreconciled items.',
    sfcoreproductc: '["Ledgerleaf Accounting", "Ledgerleaf Practice"]',
    sfaudiencec: '["Accountant"]',
    sftopicfirstlevelc: 'Banking',
    sfcreateddate: '2026-02-01',
    region: 'UK',
  }),
  articleDocument('undo-reconciliation', {
    title: 'Undo a reconciliation',
    excerpt: 'Unmatch a transaction that was reconciled by mistake.',
    body_text: 'You can remove a reconciliation from the account transactions screen.',
    sfcoreproductc: '["Ledgerleaf Practice"]',
    sfaudiencec: '["Accountant"]',
    sftopicfirstlevelc: 'Banking',
    sfcreateddate: '2026-04-01',
  }),
  articleDocument('pay-employees', {
    title: 'Pay your employees',
    excerpt: 'Run a pay run for your employees.',
    body_text: 'Payroll pays employees on a schedule. Bank payments are created for each pay run.',
    sfcoreproductc: '["Ledgerleaf Payroll"]',
    sfaudiencec: '["Small business"]',
    sftopicfirstlevelc: 'Payroll',
    sfcreateddate: '2025-12-01',
  }),
  articleDocument('cash-accounting', {
    title: 'Cash accounting',
    excerpt: 'Record income when money arrives.',
    body_text: 'Cash accounting records income and expenses when money changes hands.',
    common_contenttype: 'LedgerleafdotcomGlossary',
    objecttype: 'Glossary',
    sfcreateddate: '2025-06-01',
  }),
  articleDocument('learn-reconciling', {
    title: 'Course: reconciling like a pro',
    excerpt: 'A course on bank reconciliation.',
    body_text: 'Learn reconciliation in an hour.',
    common_contenttype: 'Online course',
    objecttype: 'LearningItem',
    sfcreateddate: '2026-05-01',
  }),
];
