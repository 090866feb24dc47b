/*
 * Case numbers: sequential, eight digits with leading zeros as the platform shows them
 * ('00001042'), so people can read one out on the phone and sort them by age.
 */
const CASE_NUMBER_DIGITS = 8;
const CASE_NUMBER = /^\d{1,8}$/;

export function formatCaseNumber(sequence: number): string {
  return String(sequence).padStart(CASE_NUMBER_DIGITS, '0');
}

/** The sequence of a typed case number ('1042', '00001042', '#1042'), or undefined. */
export function parseCaseNumber(text: string): number | undefined {
  const digits = text.trim().replace(/^#/, '');
  if (!CASE_NUMBER.test(digits)) return undefined;
  const sequence = Number(digits);
  return sequence > 0 ? sequence : undefined;
}
