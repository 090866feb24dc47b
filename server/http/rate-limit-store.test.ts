import { describe, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { rateLimitStoreOn } from './rate-limit-store.ts';

const WINDOW = 60_000;

function storeWithClock() {
  const clock = new TestClock('2031-03-03T09:00:00.000Z');
  const Store = rateLimitStoreOn(clock);
  const store = new Store();
  const state = (method: 'incr' | 'read', key: string) => {
    let seen: { current: number; ttl: number } | undefined;
    store[method](
      key,
      (error, value) => {
        expect(error).toBeNull();
        seen = value;
      },
      WINDOW,
    );
    return seen;
  };
  return {
    clock,
    store,
    incr: (key: string) => state('incr', key),
    read: (key: string) => state('read', key),
  };
}

describe('the rate-limit store on the portal clock', () => {
  it('counts within a window and says how long it has left', () => {
    const { clock, incr } = storeWithClock();
    expect(incr('a')).toEqual({ current: 1, ttl: WINDOW });
    clock.advance(10_000);
    expect(incr('a')).toEqual({ current: 2, ttl: WINDOW - 10_000 });
  });

  it('starts a new window exactly when the clock reaches its end', () => {
    const { clock, incr } = storeWithClock();
    incr('a');
    incr('a');
    clock.advance(WINDOW - 1);
    expect(incr('a')).toEqual({ current: 3, ttl: 1 });
    clock.advance(1);
    expect(incr('a')).toEqual({ current: 1, ttl: WINDOW });
  });

  it('keeps each key apart', () => {
    const { incr } = storeWithClock();
    incr('a');
    incr('a');
    expect(incr('b')).toEqual({ current: 1, ttl: WINDOW });
  });

  it('reads without counting, and reads an ended window as empty', () => {
    const { clock, incr, read } = storeWithClock();
    expect(read('a')).toEqual({ current: 0, ttl: 0 });
    incr('a');
    expect(read('a')).toEqual({ current: 1, ttl: WINDOW });
    expect(read('a')).toEqual({ current: 1, ttl: WINDOW });
    clock.advance(WINDOW);
    expect(read('a')).toEqual({ current: 0, ttl: 0 });
  });

  it('counts each named limit apart and refuses a limit without a name', () => {
    const { store } = storeWithClock();
    const search = store.child({ groupId: 'search' });
    const answers = store.child({ groupId: 'answers' });
    search.incr('a', () => undefined, WINDOW);
    let seen: { current: number } | undefined;
    answers.incr('a', (_error, value) => (seen = value), WINDOW);
    expect(seen?.current).toBe(1);
    search.incr('a', (_error, value) => (seen = value), WINDOW);
    expect(seen?.current).toBe(2);
    expect(() => store.child({})).toThrow('A rate limit needs a name (groupId).');
  });

  it('forgets the least recently counted visitor beyond 5,000', () => {
    const { incr, read } = storeWithClock();
    for (let visitor = 0; visitor <= 5_000; visitor += 1) incr(`visitor-${visitor}`);
    expect(read('visitor-0')).toEqual({ current: 0, ttl: 0 });
    expect(read('visitor-1')?.current).toBe(1);
    expect(read('visitor-5000')?.current).toBe(1);
  });
});
