/*
 * Numbers that look random but come from a seed (mulberry32), so the demo's insight events are
 * the same on every first start and a test can name what they give.
 */

export interface SeededRandom {
  /** The next number in [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  between(min: number, max: number): number;
  /** One of a list, each entry as likely as the others. */
  pick<T>(list: readonly T[]): T;
  /** True with the given chance, 0–1. */
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (probability) => next() < probability,
  };
}
