import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { DASHBOARD_TITLES, dashboardsFor, insightPath } from '~core/insight';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import styles from '~app/components/insight/insight.module.css';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { requireStaff, setInsightDigest, takesInsightDigest } from './insight.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Insight';

const DESCRIPTIONS = {
  search: 'What visitors search for, what finds nothing, and the content-gap list.',
  answers: 'Generated answers shown, declined, liked and disliked, and the articles they cite.',
  deflection: 'How many visitors on their way to a person were helped without one.',
  cases: 'Cases raised and solved, response and resolution times, ratings and the backlog.',
  content:
    'Views and helpful votes, often-read content that is not kept up to date, and the content most often followed by a case.',
  community:
    'Questions without an answer after 48 hours, time to a first answer, best answers and the most active members.',
  partners:
    'Practices by tier, points earned and redeemed, onboarding as a funnel, and challenges joined and completed.',
} as const;

/** The insight pages' start: the dashboards this staff member may open, and the digest. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireStaff(context, request);
  return {
    dashboards: dashboardsFor(user),
    isAdmin: user.canViewSetup,
    digest: user.canViewSetup ? await takesInsightDigest(context.db, user.id) : false,
  };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireStaff(context, request);
  if (!user.canViewSetup) throw data('The digest is for administrators.', { status: 403 });
  const form = await request.formData();
  if (!context.verifyCsrf(form)) return data({ message: CSRF_REJECTED.message }, { status: 403 });
  const subscribed = form.get('intent') === 'subscribe';
  await setInsightDigest(context.db, user.id, subscribed, context.clock.now());
  return {
    message: subscribed
      ? 'You will get the weekly digest by e-mail on Mondays.'
      : 'You will no longer get the weekly digest.',
  };
}

export default function InsightHomePage() {
  const { dashboards, isAdmin, digest } = useLoaderData<typeof loader>();
  const result = useActionData<{ message: string }>();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{HEADING}</h1>
      <p className={styles.intro}>
        What the portal’s visitors look for, what they find, and what reaches the support team. The
        figures count only what each visitor’s cookie consent allows.
      </p>
      <ul>
        {dashboards.map((dashboard) => (
          <li key={dashboard}>
            <Link to={insightPath(dashboard)}>{DASHBOARD_TITLES[dashboard]}</Link>:{' '}
            {DESCRIPTIONS[dashboard]}
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <section className={styles.section} aria-labelledby="digest">
          <h2 id="digest">Weekly digest</h2>
          <p>
            {digest
              ? 'You get the week’s top content gaps, most disliked answers and deflection rate by e-mail every Monday.'
              : 'Get the week’s top content gaps, most disliked answers and deflection rate by e-mail every Monday.'}
          </p>
          {result ? <p role="status">{result.message}</p> : null}
          <Form method="post">
            <FormIntentFields intent={digest ? 'unsubscribe' : 'subscribe'} />
            <button type="submit" className={styles.button}>
              {digest ? 'Stop the weekly digest' : 'Send me the weekly digest'}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
