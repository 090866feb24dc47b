/*
 * Keyset paging of staff's lists (orders, transfers, audit entries), newest first: a page is
 * named by the row it starts after (older) or before (newer), so a row written meanwhile neither
 * repeats nor skips one, and the address says which page is shown.
 */

/** A row's place in a list: its time, then its id to order rows of the same moment. */
export interface PageKey {
  at: string;
  id: string;
}

export type PageDirection = 'older' | 'newer';

/** Where a page starts: the first page, or the rows older or newer than a key. */
export type PageCursor = { direction: PageDirection; key: PageKey } | undefined;

/** Rows a page of staff's lists shows. */
export const STAFF_PAGE_SIZE = 20;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The key as it travels in the address. */
export function formatPageKey(key: PageKey): string {
  return `${key.at}_${key.id}`;
}

/** A key from the address; anything not understood is no key, so the first page is shown. */
export function parsePageKey(value: string | null | undefined): PageKey | undefined {
  if (!value) return undefined;
  const split = value.indexOf('_');
  if (split < 0) return undefined;
  const at = value.slice(0, split);
  const id = value.slice(split + 1);
  if (!ISO_TIME.test(at) || Number.isNaN(Date.parse(at)) || !ID.test(id)) return undefined;
  return { at, id };
}

/**
 * A list's cursor from its two parameters (`{list}Older`, `{list}Newer`); older wins when an
 * address carries both.
 */
export function pageCursorFrom(params: URLSearchParams, list: string): PageCursor {
  const older = parsePageKey(params.get(`${list}Older`));
  if (older) return { direction: 'older', key: older };
  const newer = parsePageKey(params.get(`${list}Newer`));
  return newer ? { direction: 'newer', key: newer } : undefined;
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** Where the "Older" link starts, when there are older rows. */
  older?: PageKey;
  /** Where the "Newer" link starts, when there are newer rows. */
  newer?: PageKey;
}

/**
 * A page from the rows a query fetched for the cursor: up to `size + 1` rows, newest first for
 * the first page and older pages, oldest first for a newer page (the query walks towards the
 * cursor's far side). The extra row only says there is more.
 */
export function keysetPage<Row>(
  fetched: readonly Row[],
  size: number,
  cursor: PageCursor,
  keyOf: (row: Row) => PageKey,
): KeysetPage<Row> {
  const more = fetched.length > size;
  const taken = fetched.slice(0, size);
  const rows = cursor?.direction === 'newer' ? taken.reverse() : taken;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasOlder = cursor?.direction === 'newer' ? cursor !== undefined : more;
  const hasNewer = cursor === undefined ? false : cursor.direction === 'older' ? true : more;
  return {
    rows,
    ...(hasOlder && last ? { older: keyOf(last) } : {}),
    ...(hasNewer && first ? { newer: keyOf(first) } : {}),
  };
}

/**
 * The address's query for a list's other page, keeping every other list's page and anything
 * else the address holds.
 */
export function pageSearch(
  params: URLSearchParams,
  list: string,
  direction: PageDirection,
  key: PageKey,
): string {
  const next = new URLSearchParams(params);
  next.delete(`${list}Older`);
  next.delete(`${list}Newer`);
  next.set(`${list}${direction === 'older' ? 'Older' : 'Newer'}`, formatPageKey(key));
  return `?${next.toString()}`;
}
