/*
 * The words a listing is found by: each list is what the directory's filters offer and what the
 * manage page lets a practice tick. Keys are stored; labels are shown.
 */

export interface Choice {
  key: string;
  label: string;
}

const choices = (entries: readonly (readonly [string, string])[]): readonly Choice[] =>
  Object.freeze(entries.map(([key, label]) => ({ key, label })));

export const PRACTICE_SERVICES = choices([
  ['bookkeeping', 'Bookkeeping'],
  ['tax', 'Tax returns and planning'],
  ['payroll', 'Payroll'],
  ['advisory', 'Business advisory'],
  ['audit', 'Audit and assurance'],
  ['setup', 'Software setup and migration'],
  ['cashflow', 'Cash flow forecasting'],
  ['training', 'Training'],
]);

export const PRACTICE_INDUSTRIES = choices([
  ['construction', 'Construction and trades'],
  ['hospitality', 'Hospitality'],
  ['retail', 'Retail and e-commerce'],
  ['professional', 'Professional services'],
  ['health', 'Health'],
  ['agriculture', 'Agriculture'],
  ['nonprofit', 'Not-for-profit'],
  ['technology', 'Technology'],
]);

export const PRACTICE_LANGUAGES = choices([
  ['en', 'English'],
  ['zh', 'Chinese'],
  ['hi', 'Hindi'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['ar', 'Arabic'],
  ['af', 'Afrikaans'],
  ['mi', 'Māori'],
  ['ms', 'Malay'],
]);

export const PRACTICE_CERTIFICATIONS = choices([
  ['advisor', 'Certified advisor'],
  ['payroll', 'Payroll certified'],
  ['migration', 'Migration specialist'],
]);

/** The programme's tiers a listing shows (core/partner), for the directory's tier filter. */
export const LISTING_TIERS = choices([
  ['starter', 'Starter'],
  ['bronze', 'Bronze'],
  ['silver', 'Silver'],
  ['gold', 'Gold'],
  ['platinum', 'Platinum'],
]);

/** The keys of `values` that the vocabulary knows, each once, in the vocabulary's order. */
export function knownKeys(vocabulary: readonly Choice[], values: readonly string[]): string[] {
  const given = new Set(values);
  return vocabulary.filter((choice) => given.has(choice.key)).map((choice) => choice.key);
}

export function labelOf(vocabulary: readonly Choice[], key: string): string {
  return vocabulary.find((choice) => choice.key === key)?.label ?? key;
}
