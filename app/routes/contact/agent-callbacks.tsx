import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import styles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { done, rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import { listCallbackTasks, markCallbackCalled } from './contact.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Callbacks to make';

function requireAgent(context: LoaderFunctionArgs['context'], request: Request) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.isAgent) notFound();
  return context.viewer.user;
}

/** The callbacks customers asked for, oldest first: the agents' tasks. Agents only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAgent(context, request);
  return { tasks: await listCallbackTasks({ db: context.db }) };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const agent = requireAgent(context, request);
  const form = await request.formData();
  const id = typeof form.get('callback') === 'string' ? String(form.get('callback')) : '';
  if (!context.verifyCsrf(form)) return rejected('called', CSRF_REJECTED.message, {}, 403);
  const marked = await markCallbackCalled(
    { db: context.db, now: context.clock.now() },
    id,
    agent.id,
  );
  return marked
    ? done('called', 'Marked as called.')
    : rejected('called', 'Another agent marked this callback already.', {}, 409);
}

export default function AgentCallbacksPage() {
  const { tasks } = useLoaderData<typeof loader>();
  const { done: marked, rejection } = useFormResult('called');
  return (
    <div className={styles.page}>
      <p>
        <Link to="/agent">Back to the agents’ workspace</Link>
      </p>
      <h1 className={styles.title}>{HEADING}</h1>
      <p className={styles.intro}>Customers who asked to be called, oldest first.</p>
      {marked ? <p role="status">{marked.message}</p> : null}
      {rejection ? <p role="alert">{rejection.message}</p> : null}
      {tasks.length === 0 ? (
        <p className={styles.muted}>No callbacks are waiting.</p>
      ) : (
        <ul className={styles.list}>
          {tasks.map((task) => (
            <li key={task.id} className={styles.card}>
              <p className={styles.cardTitle}>
                {task.name}: <a href={`tel:${task.phone}`}>{task.phone}</a>
              </p>
              <p className={styles.meta}>
                {task.topicLabel} · {task.region} · {task.when}
              </p>
              <CommunityForm
                formId="called"
                intent="called"
                hidden={{ callback: task.id }}
                submitLabel="Mark as called"
                buttonLabel={`Mark ${task.name} as called`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
