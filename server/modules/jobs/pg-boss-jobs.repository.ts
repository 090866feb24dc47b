import { sql, type Kysely } from 'kysely';
import type { JobListFilter, JobListing, JobState } from './job-queue.ts';

/** The columns of pg-boss's job and archive tables the staff's list reads. */
interface PgBossJobTable {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  start_after: Date;
  output: { message?: unknown } | null;
}

interface PgBossTables {
  job: PgBossJobTable;
  archive: PgBossJobTable;
}

const toIso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** Jobs of pg-boss's schema, the archived ones included, newest first. */
export async function listPgBossJobs<PortalTables>(
  db: Kysely<PortalTables>,
  schema: string,
  filter: JobListFilter,
): Promise<JobListing[]> {
  const tables = (db as unknown as Kysely<PgBossTables>).withSchema(schema);
  const columns = [
    'id',
    'name',
    'state',
    'retry_count',
    'retry_limit',
    'created_on',
    'started_on',
    'completed_on',
    'start_after',
    sql<string | null>`output->>'message'`.as('error'),
  ] as const;
  let live = tables.selectFrom('job').select(columns);
  let archived = tables.selectFrom('archive').select(columns);
  if (filter.state) {
    live = live.where('state', '=', filter.state);
    archived = archived.where('state', '=', filter.state);
  }
  if (filter.name) {
    live = live.where('name', '=', filter.name);
    archived = archived.where('name', '=', filter.name);
  }
  const rows = await live
    .unionAll(archived)
    .orderBy('created_on', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: row.state,
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdAt: toIso(row.created_on) ?? '',
    startedAt: toIso(row.started_on),
    completedAt: toIso(row.completed_on),
    startAfter: toIso(row.start_after) ?? '',
    // Failed jobs keep the serialised error; completed ones keep the job's own output.
    error: row.state === 'failed' || row.state === 'retry' ? row.error : null,
  }));
}
