/* Paged community lists (the feed, a tab's or a topic's discussions): ?page=2 and its links. */

/** Nobody reads further, and deep offsets cost the database. */
const LAST_PAGE = 1000;

/** The page a `?page=` parameter asks for: 1 unless it names a page from 1 to 1000. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1;
}

/** How many pages `total` items make; an empty list still has its first page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.min(LAST_PAGE, Math.max(1, Math.ceil(total / pageSize)));
}

/** The list's address at `page`: its other parameters kept, page 1 without a page parameter. */
export function pageHref(search: string, page: number): string {
  const query = new URLSearchParams(search);
  if (page > 1) query.set('page', String(page));
  else query.delete('page');
  const text = query.toString();
  return text ? `?${text}` : '?';
}

/**
 * The page numbers to link to: the first and last pages, and those next to the current one,
 * with 'gap' where numbers are left out, so the row stays short at any length.
 */
export function pagesAround(page: number, count: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, count])]
    .filter((number) => number >= 1 && number <= count)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) => {
    const previous = shown[index - 1];
    return previous !== undefined && number - previous > 1 ? ['gap' as const, number] : [number];
  });
}
