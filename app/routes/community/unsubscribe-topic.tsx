import {
  data,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import { unsubscribeByToken } from './community-service.server.ts';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract } from '~app/site.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';

/** What the page says once the form was sent. */
type Outcome =
  | { status: 'unsubscribed'; kind: 'discussion' | 'topic'; title: string }
  | { status: 'unknown' }
  | { status: 'refused'; message: string };

/**
 * The e-mails' unfollow link lands here with its token. Opening the link changes nothing (mail
 * scanners open links too): the page asks, and a button sends the token. It works for guests,
 * since the token alone says whose follow it is.
 */
export { headers } from '~app/personal-page.ts';

export function loader({ request, context }: LoaderFunctionArgs) {
  return {
    token: new URL(request.url).searchParams.get('token') ?? '',
    heading: pageHeading('unsubscribeTopic', context.config),
  };
}

export const meta = headedPageMeta('unsubscribeTopic', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (!context.verifyCsrf(form)) {
    return data<Outcome>({ status: 'refused', message: CSRF_REJECTED.message }, { status: 403 });
  }
  const token = form.get('token');
  const unfollowed =
    typeof token === 'string' && token !== ''
      ? await unsubscribeByToken(context.db, token)
      : undefined;
  if (!unfollowed) return data<Outcome>({ status: 'unknown' }, { status: 404 });
  return data<Outcome>({ status: 'unsubscribed', kind: unfollowed.kind, title: unfollowed.title });
}

export default function UnsubscribeTopicPage() {
  const { token, heading } = useLoaderData<typeof loader>();
  const outcome = useActionData<Outcome>();
  const contract = useRouteContract();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{heading}</h1>
      </header>
      {outcome?.status === 'unsubscribed' ? (
        <p role="status" className={styles.notice}>
          You will no longer get e-mails about the {outcome.kind} <strong>{outcome.title}</strong>.
        </p>
      ) : outcome?.status === 'unknown' || token === '' ? (
        <p role="alert" className={styles.warning}>
          This link is not valid or was already used. You can see and change what you follow on{' '}
          <Link to={contract?.path('myDiscussions') ?? '#'}>My discussions</Link>.
        </p>
      ) : (
        <>
          {outcome?.status === 'refused' ? (
            <p role="alert" className={styles.error}>
              {outcome.message}
            </p>
          ) : null}
          <p>
            Stop getting e-mails about new answers and best answers for what this link came from?
          </p>
          <CommunityForm
            formId="unsubscribe"
            intent="unsubscribe"
            hidden={{ token }}
            submitLabel="Stop e-mails"
            pendingLabel="Stopping…"
          />
        </>
      )}
    </div>
  );
}
