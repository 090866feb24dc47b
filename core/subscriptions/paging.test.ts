import { describe, expect, it } from 'vitest';
import {
  formatPageKey,
  keysetPage,
  pageCursorFrom,
  pageSearch,
  parsePageKey,
  type PageCursor,
  type PageKey,
} from './paging.ts';

const key = (minute: number, id = `id-${minute}`): PageKey => ({
  at: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
  id,
});

describe('page keys in the address', () => {
  it('reads back what it writes', () => {
    const written = key(5, '3f2a9c1e-0b7d-4e55-9a0c-3b1f2d4e5a6b');
    expect(parsePageKey(formatPageKey(written))).toEqual(written);
    expect(parsePageKey('2026-11-26T10:05:00Z_order-1')).toEqual({
      at: '2026-11-26T10:05:00Z',
      id: 'order-1',
    });
  });

  it('takes anything it does not understand for no key', () => {
    for (const value of [
      null,
      undefined,
      '',
      'x',
      '2026-11-26T10:05:00.000Z',
      '2026-11-26T10:05:00.000Z_',
      '_id-1',
      '2026-11-26_id-1',
      '2026-13-45T99:99:99.000Z_id-1',
      '2026-11-26T10:05:00.000Z_id 1',
      "2026-11-26T10:05:00.000Z_id';drop",
      `2026-11-26T10:05:00.000Z_${'a'.repeat(65)}`,
    ]) {
      expect(parsePageKey(value), String(value)).toBeUndefined();
    }
  });

  it('gives each list its own cursor, older before newer', () => {
    const older = formatPageKey(key(1));
    const newer = formatPageKey(key(2));
    const params = new URLSearchParams({ ordersOlder: older, auditNewer: newer });
    expect(pageCursorFrom(params, 'orders')).toEqual({ direction: 'older', key: key(1) });
    expect(pageCursorFrom(params, 'audit')).toEqual({ direction: 'newer', key: key(2) });
    expect(pageCursorFrom(params, 'transfers')).toBeUndefined();
    params.set('auditOlder', older);
    expect(pageCursorFrom(params, 'audit')).toEqual({ direction: 'older', key: key(1) });
    expect(pageCursorFrom(new URLSearchParams({ ordersOlder: 'junk' }), 'orders')).toBeUndefined();
  });

  it('links a list’s other page, keeping the other lists’ pages', () => {
    const params = new URLSearchParams({
      ordersOlder: formatPageKey(key(9)),
      auditNewer: formatPageKey(key(3)),
    });
    const search = new URLSearchParams(pageSearch(params, 'audit', 'older', key(1)));
    expect(search.get('ordersOlder')).toBe(formatPageKey(key(9)));
    expect(search.get('auditNewer')).toBeNull();
    expect(pageCursorFrom(search, 'audit')).toEqual({ direction: 'older', key: key(1) });
    expect(pageCursorFrom(search, 'orders')).toEqual({ direction: 'older', key: key(9) });
    const back = new URLSearchParams(pageSearch(search, 'orders', 'newer', key(4)));
    expect(pageCursorFrom(back, 'orders')).toEqual({ direction: 'newer', key: key(4) });
    expect(back.get('ordersOlder')).toBeNull();
    // The params given are left as they were.
    expect(params.get('auditNewer')).toBe(formatPageKey(key(3)));
  });
});

describe('a page from the rows fetched', () => {
  /** Rows 0..count-1, row i at minute i: the newest has the highest minute. */
  const rows = (count: number) => Array.from({ length: count }, (_, minute) => key(minute));
  /** What a query fetches for a cursor, as the repositories do: size + 1 rows. */
  function fetch(all: PageKey[], size: number, cursor: PageCursor): PageKey[] {
    const newestFirst = [...all].reverse();
    if (!cursor) return newestFirst.slice(0, size + 1);
    if (cursor.direction === 'older') {
      return newestFirst.filter((row) => row.at < cursor.key.at).slice(0, size + 1);
    }
    return all.filter((row) => row.at > cursor.key.at).slice(0, size + 1);
  }

  it('walks every row once to the oldest and back to the newest, for any count', () => {
    for (let count = 0; count <= 45; count += 1) {
      for (const size of [1, 3, 20]) {
        const all = rows(count);
        const seen: string[] = [];
        let cursor: PageCursor;
        let pages = 0;
        let page = keysetPage(fetch(all, size, cursor), size, cursor, (row) => row);
        expect(page.newer).toBeUndefined();
        for (;;) {
          pages += 1;
          seen.push(...page.rows.map((row) => row.id));
          if (!page.older) break;
          cursor = { direction: 'older', key: page.older };
          page = keysetPage(fetch(all, size, cursor), size, cursor, (row) => row);
          expect(page.newer).toEqual(page.rows[0]);
        }
        expect(seen).toEqual([...all].reverse().map((row) => row.id));
        expect(pages).toBe(Math.max(1, Math.ceil(count / size)));
        // Back towards the newest, each page newest first.
        const back: string[] = [...page.rows.map((row) => row.id)];
        while (page.newer) {
          cursor = { direction: 'newer', key: page.newer };
          page = keysetPage(fetch(all, size, cursor), size, cursor, (row) => row);
          expect(page.older).toEqual(page.rows[page.rows.length - 1]);
          back.unshift(...page.rows.map((row) => row.id));
        }
        expect(new Set(back).size).toBe(back.length);
        expect(back).toEqual([...all].reverse().map((row) => row.id));
      }
    }
  });

  it('offers no links around a list that fits one page', () => {
    expect(keysetPage(rows(3), 20, undefined, (row) => row)).toEqual({ rows: rows(3) });
  });
});
