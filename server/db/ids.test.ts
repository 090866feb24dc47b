import { describe, expect, it } from 'vitest';
import { isRecordId } from '~core/records';
import { newRecordId, RECORD_PREFIX, stableRecordId } from './ids.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('newRecordId', () => {
  it.each(Object.entries(RECORD_PREFIX))(
    'makes an 18-character alphanumeric id for %s records',
    (_object, prefix) => {
      const id = newRecordId(prefix);
      expect(id).toHaveLength(18);
      expect(id.startsWith(prefix)).toBe(true);
      expect(id).toMatch(/^[A-Za-z0-9]+$/);
      expect(isRecordId(id)).toBe(true);
    },
  );

  it('keeps the documented prefixes', () => {
    expect(RECORD_PREFIX).toEqual({
      user: '005',
      case: '500',
      article: 'ka0',
      discussion: '0D5',
      topic: '0TO',
      guide: 'a0G',
      glossaryEntry: 'a0L',
      marketplaceApp: 'a0P',
      articleFeedback: 'a0F',
    });
  });

  it('never repeats an id over many draws', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newRecordId(RECORD_PREFIX.case)));
    expect(ids.size).toBe(20_000);
  });

  it('draws every base62 character equally often', () => {
    const counts = new Map<string, number>();
    const draws = 4_000;
    for (let i = 0; i < draws; i += 1) {
      for (const character of newRecordId('abc').slice(3)) {
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

  it.each(['', '00', '0000', '00-', 'ka ', 'é00', '5OO\n'])('rejects the prefix %j', (prefix) => {
    expect(() => newRecordId(prefix)).toThrow(/prefix must be 3 letters or digits/);
  });
});

describe('stableRecordId', () => {
  it('gives the same id for the same prefix and key, every time', () => {
    expect(stableRecordId('ka0', 'connect-a-bank-feed')).toBe('ka0niMlC6ERWE3PkuY');
    expect(stableRecordId('ka0', 'connect-a-bank-feed')).toBe(
      stableRecordId('ka0', 'connect-a-bank-feed'),
    );
  });

  it('gives different ids for different keys and for different prefixes', () => {
    expect(stableRecordId('ka0', 'a')).not.toBe(stableRecordId('ka0', 'b'));
    expect(stableRecordId('ka0', 'a').slice(3)).not.toBe(stableRecordId('a0G', 'a').slice(3));
  });

  it('makes 18 alphanumeric characters from any key', () => {
    for (const key of ['', 'x', 'ünïcode key', 'k'.repeat(500)]) {
      expect(stableRecordId('0TO', key)).toMatch(/^0TO[0-9A-Za-z]{15}$/);
    }
  });

  it('refuses a malformed prefix', () => {
    expect(() => stableRecordId('k-0', 'a')).toThrow(
      'Record id prefix must be 3 letters or digits',
    );
  });
});
