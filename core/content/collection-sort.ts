/*
 * Spec 3 'Collection sort context': sortBy and sortOrder, strings, empty by default, changed
 * through a 'collectionsort' action. A topic's articles are the collection sorted (by title when
 * the context is empty, the topic's own order).
 */

export interface CollectionSort {
  sortBy: string;
  sortOrder: string;
}

export interface CollectionSortAction {
  type: 'collectionsort';
  sortBy: string;
  sortOrder: string;
}

export const DEFAULT_COLLECTION_SORT: CollectionSort = { sortBy: '', sortOrder: '' };

/** The sorts a visitor may choose, the empty one first. */
export const COLLECTION_SORTS: readonly (CollectionSort & { label: string })[] = [
  { sortBy: '', sortOrder: '', label: 'Title (A to Z)' },
  { sortBy: 'updated', sortOrder: 'desc', label: 'Recently updated' },
  { sortBy: 'updated', sortOrder: 'asc', label: 'Least recently updated' },
  { sortBy: 'title', sortOrder: 'desc', label: 'Title (Z to A)' },
];

/** The context after an action: a sort that is not one of COLLECTION_SORTS leaves it as it was. */
export function collectionSortReducer(
  state: CollectionSort,
  action: CollectionSortAction,
): CollectionSort {
  const chosen = COLLECTION_SORTS.find(
    (sort) => sort.sortBy === action.sortBy && sort.sortOrder === action.sortOrder,
  );
  return chosen ? { sortBy: chosen.sortBy, sortOrder: chosen.sortOrder } : state;
}

/** The address parameter of the sort: one select of a plain form sends both halves in it. */
export const COLLECTION_SORT_PARAM = 'sort';

/** A sort as the parameter's value ('updated-desc'); the empty context is ''. */
export function collectionSortValue(sort: CollectionSort): string {
  return sort.sortBy === '' ? '' : `${sort.sortBy}-${sort.sortOrder}`;
}

/** The context a page's address asks for (?sort=updated-desc), from the default. */
export function collectionSortOf(params: URLSearchParams): CollectionSort {
  const [sortBy = '', sortOrder = ''] = (params.get(COLLECTION_SORT_PARAM) ?? '').split('-', 2);
  return collectionSortReducer(DEFAULT_COLLECTION_SORT, {
    type: 'collectionsort',
    sortBy,
    sortOrder,
  });
}

interface Sortable {
  title: string;
  /** ISO date of the last change. */
  updated: string;
}

const byTitle = (a: Sortable, b: Sortable) =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true });

/** The items in the context's order; the empty context keeps them by title, A to Z. */
export function sortCollection<T extends Sortable>(items: readonly T[], sort: CollectionSort): T[] {
  const direction = sort.sortOrder === 'desc' ? -1 : 1;
  const compare =
    sort.sortBy === 'updated'
      ? (a: T, b: T) => direction * a.updated.localeCompare(b.updated) || byTitle(a, b)
      : (a: T, b: T) => direction * byTitle(a, b);
  return [...items].sort(compare);
}
