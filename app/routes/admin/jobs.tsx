import {
  Form,
  useLoaderData,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { pageMeta } from '~app/meta.ts';
import { notFound } from '../kb/page-data.server.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';
import styles from './jobs.module.css';
import { jobFilterFrom, JOB_STATE_LABELS, jobTime, type JobStateName } from './job-list.ts';

const HEADING = 'Background jobs';

/**
 * The staff's list of background jobs (docs/deployment.md): what ran, what waits for a retry
 * and what failed, with its error. Admins only; a guest signs in first, anyone else gets a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.canViewSetup) notFound();
  const view: AppLoadContext['jobs'] = context.jobs;
  const filter = jobFilterFrom(new URL(request.url).searchParams, view.kinds);
  const jobs = await view.list({ ...filter, limit: 200 });
  return { jobs, filter, kinds: view.kinds };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export default function JobsPage() {
  const { jobs, filter, kinds } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{HEADING}</h1>
      <p className={styles.intro}>
        Mail delivery, housekeeping and catalogue syncs run here, each once, and are tried again
        with a growing wait when they fail. The newest 200 are shown.
      </p>
      <Form method="get" className={styles.filters} aria-label="Filter jobs">
        <div className={styles.field}>
          <label htmlFor="job-state">State</label>
          <select id="job-state" name="state" defaultValue={filter.state ?? ''}>
            <option value="">Any state</option>
            {(Object.keys(JOB_STATE_LABELS) as JobStateName[]).map((state) => (
              <option key={state} value={state}>
                {JOB_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="job-name">Job</label>
          <select id="job-name" name="name" defaultValue={filter.name ?? ''}>
            <option value="">Any job</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.button}>
          Show
        </button>
      </Form>
      {jobs.length === 0 ? (
        <p className={styles.empty}>No jobs match these filters.</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Jobs">
          <table className={styles.table}>
            <caption className={styles.caption}>
              {`${jobs.length} ${jobs.length === 1 ? 'job' : 'jobs'}, newest first`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">State</th>
                <th scope="col">Retries</th>
                <th scope="col">Created</th>
                <th scope="col">Finished</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id}>
                  <td>{job.name}</td>
                  <td>
                    <span className={`${styles.state} ${styles[job.state] ?? ''}`}>
                      {JOB_STATE_LABELS[job.state]}
                    </span>
                    {job.state === 'retry' ? (
                      <span className={styles.next}> next at {jobTime(job.startAfter)}</span>
                    ) : null}
                  </td>
                  <td>{`${job.retryCount} of ${job.retryLimit}`}</td>
                  <td>
                    <time dateTime={job.createdAt}>{jobTime(job.createdAt)}</time>
                  </td>
                  <td>
                    {job.completedAt ? (
                      <time dateTime={job.completedAt}>{jobTime(job.completedAt)}</time>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={styles.error}>{job.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
