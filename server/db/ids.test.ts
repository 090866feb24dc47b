import { describe, expect, it } from 'vitest';
import { isRecordId, RECORD_PREFIX, type RecordKind } from '~core/records';
import { newRecordId, stableRecordId } from './ids.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('newRecordId', () => {
  it.each(Object.entries(RECORD_PREFIX) as [RecordKind, string][])(
    'makes an 18-character alphanumeric id for %s records',
    (kind, prefix) => {
      const id = newRecordId(kind);
      expect(id).toHaveLength(18);
      expect(id.startsWith(prefix)).toBe(true);
      expect(id).toMatch(/^[A-Za-z0-9]+$/);
      expect(isRecordId(id)).toBe(true);
    },
  );

  it('never repeats an id over many draws', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newRecordId('case')));
    expect(ids.size).toBe(20_000);
  });

  it('draws every base62 character equally often', () => {
    const counts = new Map<string, number>();
    const draws = 4_000;
    for (let i = 0; i < draws; i += 1) {
      for (const character of newRecordId('article').slice(3)) {
        counts.set(character, (counts.get(character) ?? 0) + 1);
      }
    }
    expect([...counts.keys()].sort()).toEqual([...BASE62].sort());

    // Chi-squared against a uniform distribution, 61 degrees of freedom. 130 is exceeded by
    // chance about once in a million runs; a modulo-biased generator scores around 400.
    const expected = (draws * 15) / BASE62.length;
    let chiSquared = 0;
    for (const count of counts.values()) chiSquared += (count - expected) ** 2 / expected;
    expect(chiSquared).toBeLessThan(130);
  });
});

describe('stableRecordId', () => {
  it('gives the same id for the same kind and key, every time', () => {
    expect(stableRecordId('article', 'connect-a-bank-feed')).toBe('ka0niMlC6ERWE3PkuY');
    expect(stableRecordId('article', 'connect-a-bank-feed')).toBe(
      stableRecordId('article', 'connect-a-bank-feed'),
    );
  });

  it('gives different ids for different keys and for different kinds', () => {
    expect(stableRecordId('article', 'a')).not.toBe(stableRecordId('article', 'b'));
    expect(stableRecordId('article', 'a').slice(3)).not.toBe(stableRecordId('guide', 'a').slice(3));
  });

  it('makes 18 alphanumeric characters from any key', () => {
    for (const key of ['', 'x', 'ünïcode key', 'k'.repeat(500)]) {
      expect(stableRecordId('topic', key)).toMatch(/^0TO[0-9A-Za-z]{15}$/);
    }
  });
});
