/*
 * The limits and choices of a case's fields, without the validator (case-input.ts), so the
 * pages can show them as hints without loading it. Documented in docs/cases.md.
 */

export const SUBJECT_MIN = 5;
export const SUBJECT_MAX = 150;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 20_000;
export const MESSAGE_MAX = 20_000;
export const RATING_COMMENT_MAX = 2_000;

/** How many people the problem stops working. */
export const IMPACTS = ['just-me', 'several-people', 'whole-business'] as const;
export type CaseImpact = (typeof IMPACTS)[number];
export const IMPACT_LABELS: Readonly<Record<CaseImpact, string>> = {
  'just-me': 'Just me',
  'several-people': 'Several people',
  'whole-business': 'The whole business',
};

export const CONTACT_METHODS = ['email', 'phone', 'callback'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Readonly<Record<ContactMethod, string>> = {
  email: 'E-mail',
  phone: 'Phone',
  callback: 'A call back in a time window',
};
