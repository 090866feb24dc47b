import type { Clock } from '~server/clock.ts';

/**
 * A clock that stands still until a test moves it: hand it to buildPortalServer (or a service)
 * and advance it past a deadline instead of waiting for one.
 */
export class TestClock implements Clock {
  private currentMs: number;

  constructor(start: Date | string | number) {
    this.currentMs = epochMs(start);
  }

  now(): Date {
    return new Date(this.currentMs);
  }

  nowMs(): number {
    return this.currentMs;
  }

  /** Moves time on (or back, with a negative amount) by `ms` milliseconds. */
  advance(ms: number): this {
    this.currentMs += ms;
    return this;
  }

  set(date: Date | string | number): this {
    this.currentMs = epochMs(date);
    return this;
  }
}

/**
 * Real time moved on by hand: it runs like the system clock, so whatever a running portal
 * stamps keeps its order, and `advance` jumps it past a deadline without waiting for it.
 */
export class ShiftedClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): this {
    this.offsetMs += ms;
    return this;
  }
}

function epochMs(date: Date | string | number): number {
  const ms =
    date instanceof Date ? date.getTime() : typeof date === 'string' ? Date.parse(date) : date;
  if (!Number.isFinite(ms)) throw new Error(`TestClock: ${String(date)} is not a time`);
  return ms;
}
