import { describe, expect, it } from 'vitest';
import { fullName } from './full-name.ts';

describe('fullName (spec 5, "Full names")', () => {
  it.each([
    ['Mia', 'Chen', 'Mia Chen'],
    ['priya', 'raman', 'Priya Raman'],
    ['mary ann', 'de la cruz', 'Mary Ann De La Cruz'],
    ['oliver', 'McDonald', 'Oliver McDonald'],
    ['  sam ', '  taylor  ', 'Sam Taylor'],
    ['grace', '', 'Grace'],
    ['', 'okafor', 'Okafor'],
    [null, 'morgan', 'Morgan'],
    ['alex', undefined, 'Alex'],
    ['', '', ''],
    ['élodie', 'ünal', 'Élodie Ünal'],
    ['jean-luc', "o'neil", "Jean-luc O'neil"],
  ])('%s + %s is "%s"', (first, last, expected) => {
    expect(fullName(first, last)).toBe(expected);
  });
});
