/** Record ids are 18 alphanumeric characters; the route rules find them in URLs by that shape. */
export const RECORD_ID_LENGTH = 18;

const RECORD_ID = /^[A-Za-z0-9]{18}$/;

export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value);
}

/**
 * The first 18-character alphanumeric run in a URL that is not part of a longer run,
 * so a 19-character token or a 17-character one is never taken for an id.
 */
export function findRecordId(url: string): string | undefined {
  const match = /(?:^|[^A-Za-z0-9])([A-Za-z0-9]{18})(?![A-Za-z0-9])/.exec(url);
  return match?.[1];
}
