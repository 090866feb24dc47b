import type { Clock } from '../clock.ts';

/** What @fastify/rate-limit hands a store's `incr` and `read` callbacks. */
interface WindowState {
  current: number;
  ttl: number;
}

type Reply = (error: Error | null, state: WindowState) => void;

interface Window {
  count: number;
  startedMs: number;
}

/** Counters kept at most: the oldest visitor's window goes first beyond this. */
const MAX_VISITORS = 5_000;

/**
 * A store for @fastify/rate-limit that counts fixed windows on the portal's clock, so a window
 * ends when the clock says so (a test moves it on instead of waiting). One store per route
 * limit (`child`), like the plugin's own local store.
 */
export function rateLimitStoreOn(clock: Clock) {
  return class ClockedRateLimitStore {
    private readonly windows = new Map<string, Window>();

    incr(key: string, reply: Reply, timeWindow: number): void {
      const nowMs = clock.nowMs();
      let window = this.windows.get(key);
      if (!window || window.startedMs + timeWindow <= nowMs) {
        window = { count: 0, startedMs: nowMs };
      }
      window.count += 1;
      // Re-inserted, so the map's order is least recently counted first.
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > MAX_VISITORS) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      reply(null, { current: window.count, ttl: window.startedMs + timeWindow - nowMs });
    }

    read(key: string, reply: Reply, timeWindow: number): void {
      const nowMs = clock.nowMs();
      const window = this.windows.get(key);
      if (!window || window.startedMs + timeWindow <= nowMs) {
        reply(null, { current: 0, ttl: 0 });
        return;
      }
      reply(null, { current: window.count, ttl: window.startedMs + timeWindow - nowMs });
    }

    child(): ClockedRateLimitStore {
      return new ClockedRateLimitStore();
    }
  };
}
