import { rawDate, rawNumber, type SearchResultRaw } from './result.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Spec 2.6 and 9: discussions show their date as 'D Month YYYY' ('5 March 2026'), in UTC. */
export function discussionDateLabel(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Spec 2.6 'Discussion meta': the created date, plus 'Answered' once anyone has replied. */
export function discussionMeta(raw: SearchResultRaw | undefined): string[] {
  const created = rawDate(raw, 'sfcreateddate');
  const meta = created === undefined ? [] : [discussionDateLabel(created)];
  if ((rawNumber(raw, 'sfcommentcount') ?? 0) > 0) meta.push('Answered');
  return meta;
}
