import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { TRANSFER_STATUS_LABELS, TRANSFER_WITHDRAWN } from './labels.ts';
import { transferDecisionAction, transferDecisionLoader } from './links.server.ts';
import styles from './subscriptions.module.css';

export async function loader(args: LoaderFunctionArgs) {
  return transferDecisionLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return transferDecisionAction(args);
}

export const meta = ({ matches }: { matches: Parameters<typeof pageMeta>[0] }) =>
  pageMeta(matches, () => 'Approve a transfer of your subscription', { noIndex: true });

/** The client approves or declines their practice's transfer of who pays. */
export default function TransferDecisionPage() {
  const page = useLoaderData<typeof loader>();
  const { done, rejection } = useFormResult('decision');
  if (page.kind === 'problem') {
    return (
      <div className={communityStyles.page}>
        <h1 className={communityStyles.title}>Approve a transfer of your subscription</h1>
        <p role="alert" className={communityStyles.warning}>
          {page.message}
        </p>
      </div>
    );
  }
  const { transfer } = page;
  if (transfer.status === 'withdrawn') {
    return (
      <div className={communityStyles.page}>
        <h1 className={communityStyles.title}>This transfer was withdrawn</h1>
        <p role={rejection ? 'alert' : undefined}>{TRANSFER_WITHDRAWN}</p>
      </div>
    );
  }
  const open = transfer.status === 'awaiting-client' && !done;
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>Approve a transfer of your subscription</h1>
      {done ? (
        <p role="status" className={communityStyles.notice}>
          {done.message}
        </p>
      ) : null}
      {rejection ? (
        <p role="alert" className={communityStyles.warning}>
          {rejection.message}
        </p>
      ) : null}
      <p>
        {transfer.direction === 'to-practice'
          ? `Your accountant’s practice asks to pay for ${transfer.businessName}’s subscription from ${transfer.effectiveDate}.`
          : `Your accountant’s practice asks that you pay for ${transfer.businessName}’s subscription yourself from ${transfer.effectiveDate}.`}
      </p>
      <dl className={styles.totals}>
        <dt>From</dt>
        <dd>{transfer.effectiveDate}</dd>
        <dt>
          {transfer.direction === 'to-practice'
            ? 'Charged to the practice for the rest of the period'
            : 'Charged to you for the rest of the period'}
        </dt>
        <dd>{transfer.prorated}</dd>
        {open ? null : (
          <>
            <dt>State</dt>
            <dd>{TRANSFER_STATUS_LABELS[transfer.status] ?? transfer.status}</dd>
          </>
        )}
      </dl>
      {open ? (
        <div className={styles.actions}>
          <CommunityForm
            formId="decision"
            intent="approve"
            hidden={{ token: page.token }}
            submitLabel="Approve the transfer"
            pendingLabel="Approving…"
            label="Approve"
          />
          <CommunityForm
            formId="decline"
            intent="decline"
            hidden={{ token: page.token }}
            submitLabel="Decline"
            pendingLabel="Declining…"
            buttonClassName={communityStyles.quietButton}
            label="Decline"
          />
        </div>
      ) : null}
    </div>
  );
}
