import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import type { AccountDeletionState } from '~core/consent';
import { MY_DATA_PATH, pageHeading } from '~core/routes';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import { pageMeta } from '~app/meta.ts';
import { useSite } from '~app/site.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';
import { deleteAccountAction, deleteAccountPageData } from './delete-account.server.ts';
import type { DeletionOutcome } from './privacy.server.ts';
import shared from './preferences.module.css';
import styles from './delete-account.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Delete your account';

/**
 * A signed-in user asks to delete their account, confirms it from the e-mailed link, and can
 * keep the account until the job carries the deletion out (docs/privacy.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  return deleteAccountPageData(context, new URL(request.url));
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  const { outcome, status } = await deleteAccountAction(context, await request.formData());
  return data<DeletionOutcome>(outcome, { status });
}

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => DAY.format(new Date(iso));

function Outcome({ outcome }: { outcome: DeletionOutcome | undefined }) {
  if (!outcome) return null;
  if (outcome.status === 'refused') {
    return (
      <p role="alert" className={shared.error}>
        {outcome.message}
      </p>
    );
  }
  const message =
    outcome.status === 'link-sent'
      ? `We sent a link to ${outcome.email}. Open it within 24 hours to confirm the deletion.`
      : outcome.status === 'scheduled'
        ? `Your account will be deleted on ${day(outcome.dueAt)}. You can keep it until then.`
        : 'Your account is kept. Nothing will be deleted.';
  return (
    <p role="status" className={shared.notice}>
      {message}
    </p>
  );
}

function KeepAccount({ busy }: { busy: boolean }) {
  return (
    <Form method="post">
      <FormIntentFields intent="cancel" />
      <button type="submit" className={styles.secondary} disabled={busy}>
        Keep my account
      </button>
    </Form>
  );
}

function Steps({
  state,
  confirmToken,
  busy,
  toldAlready,
}: {
  state: AccountDeletionState;
  confirmToken: string;
  busy: boolean;
  /** The page's message above already says where things stand. */
  toldAlready: boolean;
}) {
  if (state.stage === 'scheduled') {
    return (
      <>
        <p className={shared.warning}>
          Your account will be deleted on <strong>{day(state.dueAt)}</strong>. Until then you can
          keep it.
        </p>
        <KeepAccount busy={busy} />
      </>
    );
  }
  if (state.stage === 'awaiting-confirmation' && confirmToken) {
    return (
      <>
        <p>This is the last step. Your account is deleted after the waiting period below.</p>
        <div className={styles.actions}>
          <Form method="post">
            <FormIntentFields intent="confirm" fields={{ confirm: confirmToken }} />
            <button type="submit" className={styles.danger} disabled={busy}>
              Delete my account
            </button>
          </Form>
          <KeepAccount busy={busy} />
        </div>
      </>
    );
  }
  return (
    <>
      {state.stage === 'awaiting-confirmation' && !toldAlready ? (
        <p className={shared.notice}>
          We sent a link to confirm the deletion. Open it within 24 hours, or ask for a new one.
        </p>
      ) : null}
      <div className={styles.actions}>
        <Form method="post">
          <FormIntentFields intent="request" />
          <button type="submit" className={styles.danger} disabled={busy}>
            {state.stage === 'awaiting-confirmation'
              ? 'Send a new link'
              : 'E-mail me a link to confirm'}
          </button>
        </Form>
        {state.stage === 'awaiting-confirmation' ? <KeepAccount busy={busy} /> : null}
      </div>
    </>
  );
}

export default function DeleteAccountPage() {
  const page = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const site = useSite();
  const brand = site?.config.brand ?? '';
  const preferencesPath = site?.contract.path('consentAndPreferences');
  return (
    <div className={shared.page}>
      <h1 className={shared.title}>{HEADING}</h1>
      <Outcome outcome={outcome} />
      <p>Deleting your {brand} account cannot be undone once it is carried out:</p>
      <ul className={styles.list}>
        <li>
          Your name, e-mail address, profile, follows, preferences and cookie choices are removed,
          and you are signed out everywhere.
        </li>
        <li>
          What you wrote in the community stays, so that discussions still make sense, under the
          name “Deleted member”.
        </li>
        <li>
          Your support cases stay with your organisation and our support team, without your contact
          details.
        </li>
        <li>
          The deletion happens {page.graceDays} days after you confirm it. Until then you can keep
          your account.
        </li>
      </ul>
      <p>
        <a href={MY_DATA_PATH} download>
          Download your data first (JSON)
        </a>
        {preferencesPath ? (
          <>
            , or go back to your{' '}
            <a href={preferencesPath}>
              {site ? pageHeading('consentAndPreferences', site.config).toLowerCase() : ''}
            </a>
          </>
        ) : null}
        .
      </p>
      <section className={shared.section} aria-labelledby="deletion-steps">
        <h2 id="deletion-steps">Your request</h2>
        {page.email ? (
          <Steps
            state={page.state}
            confirmToken={page.confirmToken}
            busy={busy}
            toldAlready={outcome?.status === 'link-sent'}
          />
        ) : (
          <p>
            Your account has no e-mail address to confirm the deletion with. Contact support to
            delete it.
          </p>
        )}
      </section>
    </div>
  );
}
