import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { pageMeta } from '~app/meta.ts';
import { notFound } from '../kb/page-data.server.ts';
import { JOB_STATE_LABELS, jobTime, type JobStateName } from './job-list.ts';
import styles from './jobs.module.css';

const HEADING = 'Portal status';

/**
 * Spec: the legacy-only page `test` (`/test`). The admins' status page of the portal's parts:
 * the build, the database and its migrations, the search provider and what it holds, the job
 * queue and the mail outbox. Everyone else, guests included, gets a 404: the page is not
 * advertised to anyone who could not use it.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest || !context.viewer.user.canViewSetup) notFound();
  return { status: await context.portalStatus() };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

function count(value: number, one: string, many: string): string {
  return `${value.toLocaleString('en')} ${value === 1 ? one : many}`;
}

export default function StatusPage() {
  const { status } = useLoaderData<typeof loader>();
  const pending = status.database.pendingMigrations;
  const jobStates = (Object.keys(JOB_STATE_LABELS) as JobStateName[]).filter(
    (state) => (status.jobs[state] ?? 0) > 0,
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{HEADING}</h1>
      <p className={styles.intro}>
        Each part of the portal as this process sees it now. Reload the page to read it again.
      </p>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Parts">
        <table className={`${styles.table} ${styles.wrapping}`}>
          <caption className={styles.caption}>The portal&apos;s parts</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Version</th>
              <td>
                {`${status.version}, Node.js ${status.node}, running since `}
                <time dateTime={status.startedAt}>{jobTime(status.startedAt)}</time>
              </td>
            </tr>
            <tr>
              <th scope="row">Database</th>
              <td>
                {status.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}
                {pending.length === 0 ? (
                  ', every migration applied'
                ) : (
                  <span className={`${styles.state} ${styles.failed}`}>
                    {`${count(pending.length, 'migration', 'migrations')} not applied: ${pending.join(', ')}`}
                  </span>
                )}
              </td>
            </tr>
            <tr>
              <th scope="row">Search</th>
              <td>
                {`Provider ${status.search.provider}, ${count(status.search.documents, 'document', 'documents')} indexed`}
              </td>
            </tr>
            <tr>
              <th scope="row">Job queue</th>
              <td>
                {jobStates.length === 0
                  ? 'No jobs'
                  : jobStates
                      .map((state) => `${JOB_STATE_LABELS[state]}: ${status.jobs[state] ?? 0}`)
                      .join(', ')}{' '}
                (<Link to="/admin/jobs">background jobs</Link>)
              </td>
            </tr>
            <tr>
              <th scope="row">Mail</th>
              <td>
                {`Sent by ${status.mail.transport === 'smtp' ? 'SMTP' : 'the local mailbox'}; ${count(status.mail.waiting, 'message', 'messages')} waiting, ${status.mail.sent.toLocaleString('en')} sent, `}
                {status.mail.failed > 0 ? (
                  <span className={`${styles.state} ${styles.failed}`}>
                    {`${status.mail.failed.toLocaleString('en')} given up`}
                  </span>
                ) : (
                  '0 given up'
                )}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
