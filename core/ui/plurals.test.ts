import { describe, expect, it } from 'vitest';
import { countLabel } from './plurals.ts';

describe('countLabel (spec 5 plurals)', () => {
  it.each([
    [0, '0 reviews'],
    [1, '1 review'],
    [2, '2 reviews'],
    [1.5, '1.5 reviews'],
  ])('%s gives %s', (count, text) => {
    expect(countLabel(count, 'review')).toBe(text);
  });
});
