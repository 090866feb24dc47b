import { describe, expect, it } from 'vitest';
import {
  COLLECTION_SORTS,
  collectionSortOf,
  collectionSortReducer,
  collectionSortValue,
  DEFAULT_COLLECTION_SORT,
  sortCollection,
} from './collection-sort.ts';

const ITEMS = [
  { title: 'Reconcile a bank transaction', updated: '2026-01-15' },
  { title: 'connect a bank feed', updated: '2026-08-30' },
  { title: 'Run a pay run', updated: '2026-03-01' },
  { title: 'Archive a contact', updated: '2026-08-30' },
  { title: 'Form 10 and form 9', updated: '2026-02-01' },
];
const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe('the collection sort context (spec 3)', () => {
  it('is empty by default, and an empty context keeps the items by title, case aside', () => {
    expect(DEFAULT_COLLECTION_SORT).toEqual({ sortBy: '', sortOrder: '' });
    expect(titles(sortCollection(ITEMS, DEFAULT_COLLECTION_SORT))).toEqual([
      'Archive a contact',
      'connect a bank feed',
      'Form 10 and form 9',
      'Reconcile a bank transaction',
      'Run a pay run',
    ]);
  });

  it("changes through a 'collectionsort' action to any sort offered, and ignores others", () => {
    for (const sort of COLLECTION_SORTS) {
      expect(
        collectionSortReducer(DEFAULT_COLLECTION_SORT, { type: 'collectionsort', ...sort }),
      ).toEqual({ sortBy: sort.sortBy, sortOrder: sort.sortOrder });
    }
    const recent = { sortBy: 'updated', sortOrder: 'desc' };
    for (const odd of [
      { sortBy: 'views', sortOrder: 'desc' },
      { sortBy: 'updated', sortOrder: 'sideways' },
      { sortBy: 'title', sortOrder: '' },
    ]) {
      expect(collectionSortReducer(recent, { type: 'collectionsort', ...odd })).toEqual(recent);
    }
  });

  it('sorts by last change, newest or oldest first, a tie by title', () => {
    const recent = sortCollection(ITEMS, { sortBy: 'updated', sortOrder: 'desc' });
    expect(titles(recent)).toEqual([
      'Archive a contact',
      'connect a bank feed',
      'Run a pay run',
      'Form 10 and form 9',
      'Reconcile a bank transaction',
    ]);
    const oldest = sortCollection(ITEMS, { sortBy: 'updated', sortOrder: 'asc' });
    expect(titles(oldest)[0]).toBe('Reconcile a bank transaction');
    expect(titles(sortCollection(ITEMS, { sortBy: 'title', sortOrder: 'desc' }))[0]).toBe(
      'Run a pay run',
    );
  });

  it('reads the context from an address, an unknown sort giving the default', () => {
    expect(collectionSortOf(new URLSearchParams('sort=updated-desc'))).toEqual({
      sortBy: 'updated',
      sortOrder: 'desc',
    });
    for (const odd of ['sort=<script>-1', 'sort=updated', 'sort=', '']) {
      expect(collectionSortOf(new URLSearchParams(odd)), odd).toEqual(DEFAULT_COLLECTION_SORT);
    }
    for (const sort of COLLECTION_SORTS) {
      const value = collectionSortValue(sort);
      expect(collectionSortOf(new URLSearchParams({ sort: value }))).toEqual({
        sortBy: sort.sortBy,
        sortOrder: sort.sortOrder,
      });
    }
    expect(collectionSortValue({ sortBy: 'updated', sortOrder: 'asc' })).toBe('updated-asc');
    expect(collectionSortValue(DEFAULT_COLLECTION_SORT)).toBe('');
  });
});
