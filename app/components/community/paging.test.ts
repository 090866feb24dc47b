import { describe, expect, it } from 'vitest';
import { pageCount, pageHref, pageNumber, pagesAround } from './paging.ts';

describe('paged community lists', () => {
  it('read ?page= as a page from 1 to 1000, page 1 otherwise', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('2.5')).toBe(1);
    expect(pageNumber('1001')).toBe(1);
  });

  it('count pages, an empty list having its first one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('link to a page keeping the other parameters, page 1 without a page parameter', () => {
    expect(pageHref('?tab=unanswered&page=3', 4)).toBe('?tab=unanswered&page=4');
    expect(pageHref('?tab=unanswered&page=3', 1)).toBe('?tab=unanswered');
    expect(pageHref('', 1)).toBe('?');
  });

  it('offer the first and last pages and those beside the current one', () => {
    expect(pagesAround(1, 1)).toEqual([1]);
    expect(pagesAround(1, 3)).toEqual([1, 2, 3]);
    expect(pagesAround(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
    expect(pagesAround(2, 9)).toEqual([1, 2, 3, 'gap', 9]);
    expect(pagesAround(9, 9)).toEqual([1, 'gap', 8, 9]);
  });
});
