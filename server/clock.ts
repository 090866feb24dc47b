/**
 * Where the portal's time rules read the time: session timeouts, token and flow-cookie expiry,
 * due dates, mail retries. The composition root hands one clock to everything it builds, so a
 * test can move time on by hand (tests/support/clock.ts) instead of waiting for it. Logging,
 * ids and the built-in provider's own token times stay on the system clock.
 */
export interface Clock {
  now(): Date;
  /** The same instant as `now()`, in epoch milliseconds. */
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};
