import { sql } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';

/*
 * Rate-limit windows counted in the database (migration 0015-background-work), so every
 * process of a deployment counts one window per visitor and limit.
 */
export interface RateLimitWindowTable {
  /** The limit's name and the visitor's key. */
  key: string;
  /** When the window started, epoch ms. */
  started_ms: number;
  window_ms: number;
  count: number;
}

export interface RateLimitTables {
  rate_limit_window: RateLimitWindowTable;
}

type Db = ModuleDatabase<RateLimitTables>;

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one request in the key's window, starting a new window when the last one ended, in
 * one statement: two processes counting at once both land in the same row.
 */
export async function countRateLimitHit(
  db: Db,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<WindowCount> {
  const ended = sql<boolean>`rate_limit_window.started_ms + rate_limit_window.window_ms <= ${nowMs}`;
  const row = await db
    .insertInto('rate_limit_window')
    .values({ key, started_ms: nowMs, window_ms: windowMs, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limit_window.count + 1 END`,
        started_ms: sql<number>`CASE WHEN ${ended} THEN ${nowMs} ELSE rate_limit_window.started_ms END`,
        window_ms: windowMs,
      }),
    )
    .returning(['count', 'started_ms'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), ttlMs: Number(row.started_ms) + windowMs - nowMs };
}

/** The key's window as it stands, without counting; a window that ended reads as empty. */
export async function readRateLimitWindow(
  db: Db,
  key: string,
  nowMs: number,
): Promise<WindowCount> {
  const row = await db
    .selectFrom('rate_limit_window')
    .select(['count', 'started_ms', 'window_ms'])
    .where('key', '=', key)
    .executeTakeFirst();
  const endsMs = row ? Number(row.started_ms) + Number(row.window_ms) : 0;
  if (!row || endsMs <= nowMs) return { count: 0, ttlMs: 0 };
  return { count: Number(row.count), ttlMs: endsMs - nowMs };
}

/** Forgets windows that ended (a periodic job). */
export async function purgeRateLimitWindows(db: Db, nowMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limit_window')
    .where(sql<boolean>`started_ms + window_ms <= ${nowMs}`)
    .execute();
}
