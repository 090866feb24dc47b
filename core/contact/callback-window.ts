import { isValidTimeOfDay } from '../validation/index.ts';

export type CallbackWhen =
  { kind: 'asap' } | { kind: 'window'; date: string; from: string; to: string };

export type CallbackWhenOutcome =
  | { ok: true; when: CallbackWhen }
  | { ok: false; field: 'callbackDate' | 'callbackFrom' | 'callbackTo'; message: string };

const minutes = (time: string) => {
  const [hours = '0', mins = '0'] = time.split(':');
  return Number(hours) * 60 + Number(mins);
};

/**
 * "As soon as possible", or a window on one day: both ends are times of the spec's rule
 * (00:00:00 to 23:59:59), and the window ends after it starts.
 */
export function callbackWhen(input: {
  when: string;
  date: string;
  from: string;
  to: string;
}): CallbackWhenOutcome {
  if (input.when !== 'window') return { ok: true, when: { kind: 'asap' } };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date) || Number.isNaN(Date.parse(input.date)))
    return { ok: false, field: 'callbackDate', message: 'Choose the day to call you.' };
  if (!isValidTimeOfDay(input.from))
    return { ok: false, field: 'callbackFrom', message: 'Enter a time between 00:00 and 23:59.' };
  if (!isValidTimeOfDay(input.to))
    return { ok: false, field: 'callbackTo', message: 'Enter a time between 00:00 and 23:59.' };
  if (minutes(input.to) <= minutes(input.from))
    return { ok: false, field: 'callbackTo', message: 'The window must end after it starts.' };
  return { ok: true, when: { kind: 'window', date: input.date, from: input.from, to: input.to } };
}
