/*
 * The long tail of an item figure cut off (docs/insight.md, "How figures are counted"): of the
 * queries searched in a day, a region and a hub, the aggregates keep the most searched ones,
 * so a dashboard over a year reads a bounded number of rows however many queries were typed.
 * Totals are kept apart, whole, so no figure but the lists' tails depends on the cut.
 */

/** How many items of a cut figure are kept per day (or month), region, product and hub. */
export const ITEMS_KEPT = 100;

export interface CountedItem {
  item: string;
  count: number;
  amount: number;
}

/** Items the largest first, ties by amount then item in code point order (as SQL's binary order). */
export function compareCounted(a: CountedItem, b: CountedItem): number {
  return (
    b.count - a.count || b.amount - a.amount || (a.item < b.item ? -1 : a.item > b.item ? 1 : 0)
  );
}

/**
 * Keeps the `limit` largest items of each group (rows of one figure and dimensions), in the
 * groups' order of appearance; rows whose group `isCut` says is not cut all stay.
 */
export function keepTopItems<Row extends CountedItem>(
  rows: readonly Row[],
  groupOf: (row: Row) => string,
  isCut: (row: Row) => boolean,
  limit = ITEMS_KEPT,
): Row[] {
  const groups = new Map<string, Row[]>();
  const kept: Row[] = [];
  for (const row of rows) {
    if (!isCut(row)) {
      kept.push(row);
      continue;
    }
    const key = groupOf(row);
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  for (const group of groups.values())
    kept.push(...[...group].sort(compareCounted).slice(0, limit));
  return kept;
}
