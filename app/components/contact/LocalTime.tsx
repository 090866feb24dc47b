import { useSyncExternalStore } from 'react';
import { formDayAndTime, type TimeStyle } from './time-format.ts';

/**
 * The visitor's own time zone, once the browser says which it is. The server renders in the
 * region's zone (its pages are shared between guests, decision 021); after hydration each time
 * is shown again in the visitor's.
 */
export function useVisitorTimeZone(fallback: string): string {
  return useSyncExternalStore(
    noChanges,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone || fallback,
    () => fallback,
  );
}

/** A visitor's zone does not change while a page is open. */
const noChanges = () => () => {};

export function LocalTime({
  at,
  zone,
  style = 'full',
}: {
  at: string;
  zone: string;
  style?: TimeStyle;
}) {
  return <time dateTime={at}>{formDayAndTime(at, zone, style)}</time>;
}
