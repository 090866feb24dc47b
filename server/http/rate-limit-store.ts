import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { countRateLimitHit, readRateLimitWindow, type WindowCount } from '~server/modules/site';

/**
 * Where windows are counted: this process's memory, or a place every process shares (the
 * database or Redis, docs/deployment.md). Each limit counts under its own name.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number): WindowCount | Promise<WindowCount>;
  read(key: string): WindowCount | Promise<WindowCount>;
}

/** Counters kept at most in memory: the oldest visitor's window goes first beyond this. */
const MAX_VISITORS = 5_000;

/** Fixed windows in this process, ending by the portal's clock (a test moves it on). */
export function memoryWindows(clock: Clock): WindowCounter {
  const windows = new Map<string, { count: number; startedMs: number; windowMs: number }>();
  const current = (key: string, nowMs: number) => {
    const window = windows.get(key);
    return window && window.startedMs + window.windowMs > nowMs ? window : undefined;
  };
  return {
    hit(key, windowMs) {
      const nowMs = clock.nowMs();
      const window = current(key, nowMs) ?? { count: 0, startedMs: nowMs, windowMs };
      window.count += 1;
      // Re-inserted, so the map's order is least recently counted first.
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > MAX_VISITORS) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      return { count: window.count, ttlMs: window.startedMs + windowMs - nowMs };
    },
    read(key) {
      const nowMs = clock.nowMs();
      const window = current(key, nowMs);
      return window
        ? { count: window.count, ttlMs: window.startedMs + window.windowMs - nowMs }
        : { count: 0, ttlMs: 0 };
    },
  };
}

/** Fixed windows in the database, on the portal's clock: one row per limit and visitor. */
export function databaseWindows(db: Kysely<Database>, clock: Clock): WindowCounter {
  return {
    hit: (key, windowMs) => countRateLimitHit(db, key, windowMs, clock.nowMs()),
    read: (key) => readRateLimitWindow(db, key, clock.nowMs()),
  };
}

const REDIS_PREFIX = 'portal:rate-limit:';

/** Fixed windows in Redis, which ends them by its own time (a key that expires). */
export function redisWindows(redis: Redis): WindowCounter {
  return {
    async hit(key, windowMs) {
      const redisKey = `${REDIS_PREFIX}${key}`;
      const replies = await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs, 'NX')
        .pttl(redisKey)
        .exec();
      const [count, , ttl] = (replies ?? []).map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
      return { count: count ?? 0, ttlMs: Math.max(0, ttl ?? 0) };
    },
    async read(key) {
      const redisKey = `${REDIS_PREFIX}${key}`;
      const [count, ttl] = await Promise.all([redis.get(redisKey), redis.pttl(redisKey)]);
      return count === null || ttl <= 0
        ? { count: 0, ttlMs: 0 }
        : { count: Number(count), ttlMs: ttl };
    },
  };
}

/** What @fastify/rate-limit hands a store's `incr` and `read` callbacks. */
type Reply = (error: Error | null, state: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child`: a limit's settings, its name among them. */
interface LimitSettings {
  groupId?: string | undefined;
}

function answer(result: WindowCount | Promise<WindowCount>, reply: Reply): void {
  const send = ({ count, ttlMs }: WindowCount) => reply(null, { current: count, ttl: ttlMs });
  if (result instanceof Promise) {
    result.then(send, (error: unknown) =>
      reply(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
    );
  } else {
    send(result);
  }
}

/**
 * A store for @fastify/rate-limit over a counter. Every limit must be named (`groupId`): the
 * name keeps its windows apart from other limits' in a shared counter.
 */
export function rateLimitStoreFor(counter: WindowCounter) {
  return class SharedWindowStore {
    // The plugin constructs the root store with its options; children carry a limit's name.
    constructor(
      _pluginOptions?: unknown,
      private readonly limitName = '',
    ) {}

    incr(key: string, reply: Reply, timeWindow: number): void {
      answer(counter.hit(`${this.limitName}|${key}`, timeWindow), reply);
    }

    read(key: string, reply: Reply): void {
      answer(counter.read(`${this.limitName}|${key}`), reply);
    }

    child(settings: object): SharedWindowStore {
      const { groupId } = settings as LimitSettings;
      if (!groupId) throw new Error('A rate limit needs a name (groupId).');
      return new SharedWindowStore(undefined, groupId);
    }
  };
}

/** The in-memory store on the portal's clock, for a single process. */
export function rateLimitStoreOn(clock: Clock) {
  return rateLimitStoreFor(memoryWindows(clock));
}
