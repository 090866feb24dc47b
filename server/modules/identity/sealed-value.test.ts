import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-value.ts';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);

describe('sealed cookie values (the sign-in in progress)', () => {
  it('opens what it sealed, within its age', () => {
    const sealed = seal(KEY, { state: 's', startPath: '/0/' }, 600, 1_000);
    expect(unseal(KEY, sealed, 1_000 + 599_000)).toEqual({ state: 's', startPath: '/0/' });
  });

  it('does not show the value in the sealed text', () => {
    expect(seal(KEY, { state: 'visible-state' }, 600)).not.toContain('visible-state');
  });

  it('stops opening once expired', () => {
    const sealed = seal(KEY, 'x', 600, 1_000);
    expect(unseal(KEY, sealed, 1_000 + 600_000)).toBeUndefined();
  });

  it('refuses a value sealed with another key, altered, or malformed', () => {
    const sealed = seal(KEY, 'x', 600);
    expect(unseal(OTHER_KEY, sealed)).toBeUndefined();
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(unseal(KEY, `${iv}.${tag}.${flipped}`)).toBeUndefined();
    for (const bad of [undefined, '', 'a.b', 'a.b.c.d', '...', 'not sealed at all']) {
      expect(unseal(KEY, bad)).toBeUndefined();
    }
  });
});
