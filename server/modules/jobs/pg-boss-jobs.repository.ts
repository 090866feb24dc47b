import { sql, type Kysely } from 'kysely';
import { jobListingOf, type JobListFilter, type JobListing, type JobState } from './job-queue.ts';

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

/** How many jobs pg-boss holds in each state, the archived ones included. */
export async function countPgBossJobsByState<PortalTables>(
  db: Kysely<PortalTables>,
  schema: string,
): Promise<Partial<Record<JobState, number>>> {
  const tables = (db as unknown as Kysely<PgBossTables>).withSchema(schema);
  const counts: Partial<Record<JobState, number>> = {};
  for (const table of ['job', 'archive'] as const) {
    const rows = await tables
      .selectFrom(table)
      .select((eb) => ['state', eb.fn.countAll<string>().as('count')])
      .groupBy('state')
      .execute();
    for (const row of rows) counts[row.state] = (counts[row.state] ?? 0) + Number(row.count);
  }
  return counts;
}

/** Jobs of pg-boss's schema, the archived ones included, newest first. */
export async function listPgBossJobs<PortalTables>(
  db: Kysely<PortalTables>,
  schema: string,
  filter: JobListFilter,
): Promise<JobListing[]> {
  const tables = (db as unknown as Kysely<PgBossTables>).withSchema(schema);
  // Named as the job table names them; failed and retrying jobs keep the error's message in
  // their output, completed ones keep the job's own output, which is not an error.
  const columns = [
    'id',
    'name',
    'state',
    'retry_count',
    'retry_limit',
    'created_on as created_at',
    'started_on as started_at',
    'completed_on as completed_at',
    'start_after',
    sql<string | null>`case when state in ('failed', 'retry') then output->>'message' end`.as(
      'last_error',
    ),
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
    .orderBy('created_at', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(jobListingOf);
}
