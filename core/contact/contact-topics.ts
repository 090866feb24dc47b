/*
 * What a visitor's problem is about, as the help hub asks it. Each topic has the words the hub
 * searches help with; the two sign-in topics lead to their own flows, which need no account.
 */

export interface ContactTopic {
  key: string;
  label: string;
  /** The words the hub's answer and articles are looked up with. */
  query: string;
  /** A flow of its own for people who cannot sign in. */
  flow?: 'sign-in' | 'mfa';
}

export const CONTACT_TOPICS: readonly ContactTopic[] = [
  { key: 'invoices', label: 'Invoices and quotes', query: 'invoice' },
  { key: 'bank-feeds', label: 'Bank feeds and reconciliation', query: 'bank feed reconcile' },
  { key: 'payroll', label: 'Payroll and employees', query: 'payroll' },
  { key: 'tax', label: 'Tax and reports', query: 'tax report' },
  { key: 'billing', label: 'My subscription and billing', query: 'subscription billing' },
  { key: 'sign-in', label: "I can't sign in", query: 'sign in password', flow: 'sign-in' },
  {
    key: 'mfa',
    label: 'I lost my second factor',
    query: 'multi-factor authentication',
    flow: 'mfa',
  },
  { key: 'other', label: 'Something else', query: '' },
];

export function contactTopic(key: string): ContactTopic | undefined {
  return CONTACT_TOPICS.find((topic) => topic.key === key);
}

/** The topics a call or callback can be about (the sign-in flows have their own way in). */
export const CALL_TOPICS = CONTACT_TOPICS.filter((topic) => topic.flow === undefined);
