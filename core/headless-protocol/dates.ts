/**
 * The Search API writes instants as 'YYYY/MM/DD@HH:mm:ss' (the library's date facets send their
 * ranges that way); the portal stores ISO-8601 dates. Both directions, exactly.
 */
const LIBRARY_DATE = /^(\d{4})\/(\d{2})\/(\d{2})(?:@(\d{2}):(\d{2}):(\d{2}))?$/;

/** The ISO-8601 form of a library date, or undefined when it is not one. */
export function isoOfLibraryDate(text: string): string | undefined {
  const match = LIBRARY_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`;
  // Date.parse rolls impossible days over (30 February); only a date that reads back is one.
  const ms = Date.parse(iso);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === iso ? iso : undefined;
}

/** A date as the library writes it, from an ISO-8601 instant. */
export function libraryDateOf(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}` +
    `@${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}
