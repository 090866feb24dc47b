import type { PortalDatabase } from '~server/db/database.ts';
import type {
  JobDefinition,
  JobListFilter,
  JobListing,
  JobQueue,
  JobState,
  QueueSettings,
} from './job-queue.ts';
import { countJobsByState, listJobs as listTableJobs } from './jobs.repository.ts';
import { countPgBossJobsByState, listPgBossJobs } from './pg-boss-jobs.repository.ts';
import { pgBossQueue } from './pg-boss-queue.ts';
import { jobTableQueue } from './table-queue.ts';

/** pg-boss keeps its tables beside the portal's: in their own schema, per portal schema. */
export function jobSchemaOf(database: PortalDatabase): string {
  return database.schema ? `${database.schema}_jobs` : 'pgboss';
}

/**
 * The queue for this database: pg-boss on PostgreSQL, shared by every process of the
 * deployment, or the job table on SQLite, where one process does all.
 */
export async function openJobQueue(
  database: PortalDatabase,
  jobs: readonly JobDefinition[],
  settings: QueueSettings,
): Promise<JobQueue> {
  if (database.dialect === 'postgres') {
    return pgBossQueue({ db: database.db, schema: jobSchemaOf(database) }, jobs, settings);
  }
  return jobTableQueue(database.db, jobs, settings);
}

/**
 * The jobs the staff's list shows, read from wherever this database's queue keeps them; a web
 * process reads it without opening the queue.
 */
export function listJobs(database: PortalDatabase, filter: JobListFilter): Promise<JobListing[]> {
  return database.dialect === 'postgres'
    ? listPgBossJobs(database.db, jobSchemaOf(database), filter)
    : listTableJobs(database.db, filter);
}

/** How many jobs this database's queue holds in each state, for the staff's status page. */
export function countJobs(database: PortalDatabase): Promise<Partial<Record<JobState, number>>> {
  return database.dialect === 'postgres'
    ? countPgBossJobsByState(database.db, jobSchemaOf(database))
    : countJobsByState(database.db);
}
