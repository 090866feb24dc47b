/*
 * The jobs module's public face: the only file other modules, the app's server files and tests
 * import from it.
 */
export {
  type JobDefinition,
  type JobListFilter,
  type JobListing,
  type JobLog,
  type JobQueue,
  type JobState,
  type QueueSettings,
} from './job-queue.ts';
export type { JobsTables } from './jobs.tables.ts';
export { countJobs, listJobs, openJobQueue } from './open-job-queue.ts';
