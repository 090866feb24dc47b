import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import styles from '~app/components/community/community.module.css';
import { LocalTime, useVisitorTimeZone } from '~app/components/contact/LocalTime.tsx';
import { pageMeta } from '~app/meta.ts';
import { notFound } from '../kb/page-data.server.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';
import { bookingContext, deflectionReport, listUpcomingCalls } from './contact.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Booked calls';
const REPORT_DAYS = 30;

/** The support team's list of booked calls, soonest first. Agents only; others get a 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.isAgent) notFound();
  const since = new Date(context.clock.nowMs() - REPORT_DAYS * 24 * 60 * 60 * 1000);
  const [calls, deflection] = await Promise.all([
    listUpcomingCalls(bookingContext(context)),
    deflectionReport(context.db, since),
  ]);
  return { calls, deflection };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export default function AgentBookingsPage() {
  const { calls, deflection } = useLoaderData<typeof loader>();
  const zone = useVisitorTimeZone('UTC');
  return (
    <div className={styles.page}>
      <p>
        <Link to="/agent">Back to the agents’ workspace</Link>
      </p>
      <h1 className={styles.title}>{HEADING}</h1>
      <p className={styles.intro}>
        Calls customers booked, soonest first, in your time zone ({zone}). Call them at the time
        shown on the number they give you, or by e-mail to arrange one.
      </p>
      {calls.length === 0 ? (
        <p className={styles.muted}>No calls are booked.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.muted}>{calls.length} booked calls</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Region</th>
              <th scope="col">About</th>
              <th scope="col">Who</th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <tr key={`${call.email}-${call.startsAt}`}>
                <td>
                  <LocalTime at={call.startsAt} zone={zone} />
                </td>
                <td>{call.region}</td>
                <td>{call.topicLabel}</td>
                <td>
                  {call.name}, <a href={`mailto:${call.email}`}>{call.email}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className={styles.sectionTitle}>Solved without a person, last {REPORT_DAYS} days</h2>
      {deflection.length === 0 ? (
        <p className={styles.muted}>Nobody was shown help on the contact pages yet.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Flow</th>
              <th scope="col">Region</th>
              <th scope="col">Shown help</th>
              <th scope="col">Went on to a person</th>
              <th scope="col">Solved without a person</th>
            </tr>
          </thead>
          <tbody>
            {deflection.map((line) => (
              <tr key={`${line.flow}-${line.region}`}>
                <td>{line.flow}</td>
                <td>{line.region}</td>
                <td>{line.visits}</td>
                <td>{line.reachedPerson}</td>
                <td>{Math.round(line.solvedRate * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
