import { sql, type Insertable, type Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import { jobListingOf, type JobListFilter, type JobListing, type JobState } from './job-queue.ts';
import type { JobsTables, JobTable } from './jobs.tables.ts';

type Db = ModuleDatabase<JobsTables>;
export type JobRow = Selectable<JobTable>;

/** Adds a job; with a key that was already used, nothing is added and null comes back. */
export async function insertJob(db: Db, row: Insertable<JobTable>): Promise<string | null> {
  const inserted = await db
    .insertInto('job')
    .values(row)
    .onConflict((conflict) => conflict.column('singleton_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/**
 * Takes the oldest due job of these kinds for this process. The update only matches while the
 * job is still waiting, so of two processes on one file only one gets it.
 */
export async function claimNextJob(
  db: Db,
  names: readonly string[],
  now: string,
  expireAt: (name: string) => string,
): Promise<JobRow | undefined> {
  if (names.length === 0) return undefined;
  const next = await db
    .selectFrom('job')
    .select(['id', 'name'])
    .where('state', 'in', ['created', 'retry'])
    .where('name', 'in', [...names])
    .where('start_after', '<=', now)
    .orderBy('start_after')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!next) return undefined;
  return db
    .updateTable('job')
    .set({ state: 'active', started_at: now, expire_at: expireAt(next.name) })
    .where('id', '=', next.id)
    .where('state', 'in', ['created', 'retry'])
    .returningAll()
    .executeTakeFirst();
}

export async function completeJob(
  db: Db,
  id: string,
  at: { now: string; keepUntil: string },
): Promise<void> {
  await db
    .updateTable('job')
    .set({ state: 'completed', completed_at: at.now, keep_until: at.keepUntil, expire_at: null })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .execute();
}

/** A failed attempt: tried again from `retryAt`, or given up (failed) when that is null. */
export async function failJob(
  db: Db,
  id: string,
  failure: { error: string; now: string; retryAt: string | null; keepUntil: string },
): Promise<void> {
  await db
    .updateTable('job')
    .set(
      failure.retryAt === null
        ? {
            state: 'failed',
            completed_at: failure.now,
            keep_until: failure.keepUntil,
            expire_at: null,
            last_error: failure.error,
          }
        : {
            state: 'retry',
            retry_count: sql<number>`retry_count + 1`,
            start_after: failure.retryAt,
            expire_at: null,
            last_error: failure.error,
          },
    )
    .where('id', '=', id)
    .where('state', '=', 'active')
    .execute();
}

/** Running jobs whose time ran out: their process died or hung. */
export async function listExpiredJobs(db: Db, now: string): Promise<JobRow[]> {
  return db
    .selectFrom('job')
    .selectAll()
    .where('state', '=', 'active')
    .where('expire_at', '<', now)
    .execute();
}

export async function deleteFinishedJobs(db: Db, now: string): Promise<void> {
  await db
    .deleteFrom('job')
    .where('state', 'in', ['completed', 'failed', 'cancelled'])
    .where('keep_until', '<', now)
    .execute();
}

/** How many jobs the table holds in each state. */
export async function countJobsByState(db: Db): Promise<Partial<Record<JobState, number>>> {
  const rows = await db
    .selectFrom('job')
    .select((eb) => ['state', eb.fn.countAll<number | string>().as('count')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}

export async function listJobs(db: Db, filter: JobListFilter): Promise<JobListing[]> {
  let query = db.selectFrom('job').selectAll();
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.name) query = query.where('name', '=', filter.name);
  const rows = await query.orderBy('created_at', 'desc').limit(filter.limit).execute();
  return rows.map(jobListingOf);
}
