import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import styles from '~app/components/community/community.module.css';
import { LocalTime, useVisitorTimeZone } from '~app/components/contact/LocalTime.tsx';
import { pageMeta } from '~app/meta.ts';
import { notFound } from '../kb/page-data.server.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';
import { bookingContext, listUpcomingCalls } from './contact.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Booked calls';

/** The support team's list of booked calls, soonest first. Agents only; others get a 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.isAgent) notFound();
  return { calls: await listUpcomingCalls(bookingContext(context)) };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export default function AgentBookingsPage() {
  const { calls } = useLoaderData<typeof loader>();
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
    </div>
  );
}
