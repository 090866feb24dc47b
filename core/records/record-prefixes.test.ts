import { describe, expect, it } from 'vitest';
import { RECORD_PREFIX, RETIRED_SHARED_PREFIXES, recordKindOf } from './record-prefixes.ts';

const entries = Object.entries(RECORD_PREFIX);

describe('the record prefix registry', () => {
  it.each(entries)('gives %s a prefix of three letters or digits', (_kind, prefix) => {
    expect(prefix).toMatch(/^[A-Za-z0-9]{3}$/);
  });

  it('never gives two kinds the same prefix, in any letter case', () => {
    const byPrefix = new Map<string, string[]>();
    for (const [kind, prefix] of entries) {
      const key = prefix.toLowerCase();
      byPrefix.set(key, [...(byPrefix.get(key) ?? []), kind]);
    }
    const shared = [...byPrefix.values()].filter((kinds) => kinds.length > 1);
    expect(shared).toEqual([]);
  });

  it.each(entries)('finds the kind %s from an id with its prefix', (kind, prefix) => {
    expect(recordKindOf(`${prefix}AAAAAAAAAAAAAAA`)).toBe(kind);
  });

  it('finds no kind for an id with an unknown prefix', () => {
    expect(recordKindOf('zzzAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(recordKindOf('')).toBeUndefined();
  });

  it.each(Object.entries(RETIRED_SHARED_PREFIXES))(
    'moved %s off the prefix it shared',
    (kind, { was, sharedWith }) => {
      expect(RECORD_PREFIX[kind as keyof typeof RECORD_PREFIX]).not.toBe(was);
      expect(RECORD_PREFIX[sharedWith]).toBe(was);
    },
  );
});
