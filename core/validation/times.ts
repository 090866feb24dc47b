/** Spec 5, "Times": a time of day must lie between 00:00:00 and 23:59:59. */
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'HH:MM' or 'HH:MM:SS', from 00:00:00 to 23:59:59 inclusive. */
export function isValidTimeOfDay(value: string): boolean {
  const match = TIME_OF_DAY.exec(value);
  if (!match) return false;
  const [, hours, minutes, seconds = '00'] = match;
  return Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds) <= 59;
}
