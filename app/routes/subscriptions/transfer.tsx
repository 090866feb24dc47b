import { useEffect, useRef } from 'react';
import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { SelectField, TextField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { BILLED_TO_LABELS, DIRECTION_LABELS } from './labels.ts';
import { RecordTable } from './RecordTable.tsx';
import { transferColumns, transferStateLabel } from './transfer-columns.ts';
import { NoPractice } from './NoPractice.tsx';
import { transferAction, transferLoader, type TransferAnswer } from './transfer.server.ts';
import styles from './subscriptions.module.css';

export async function loader(args: LoaderFunctionArgs) {
  return transferLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return transferAction(args);
}

export const meta = headedPageMeta('transferSubscriptions', { noIndex: true });

export default function TransferSubscriptionsPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<TransferAnswer>();
  const { done } = useFormResult('transfer');
  const withdrawal = useFormResult('withdraw');
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('transferSubscriptions', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  if (page.kind === 'no-practice') return <NoPractice heading={heading} />;
  const preview = answer?.preview;
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>{page.practiceName}</p>
        <h1 className={communityStyles.title}>{heading}</h1>
        <p className={communityStyles.intro}>
          Move who pays for a client’s subscription: onto your practice’s billing, or back to the
          client’s own. You see the prorated amount first; the client approves by e-mail, and the
          billing moves from the day you choose.
        </p>
      </header>
      {done ? (
        <p role="status" className={communityStyles.notice}>
          {done.message}
        </p>
      ) : null}
      {withdrawal.done ? (
        <p role="status" className={communityStyles.notice}>
          {withdrawal.done.message}
        </p>
      ) : null}
      {/* Refused because it closed meanwhile: the confirmation is gone, so the page says why. */}
      {withdrawal.rejection && !page.withdrawing ? (
        <p role="alert" className={communityStyles.warning}>
          {withdrawal.rejection.message}
        </p>
      ) : null}
      {page.withdrawing ? <WithdrawPanel transfer={page.withdrawing} /> : null}
      <CommunityForm
        key={preview ? `${preview.subscriptionId}-${preview.effectiveDate}` : 'start'}
        formId="transfer"
        intent="preview"
        label="Choose the client and the day"
        submitLabel="Show the prorated amount"
        pendingLabel="Working it out…"
        buttonClassName={preview ? communityStyles.quietButton : communityStyles.button}
      >
        <SelectField
          name="subscriptionId"
          label="Client"
          required
          defaultValue={preview?.subscriptionId ?? ''}
          options={[
            { value: '', label: 'Choose a client' },
            ...page.clients.map((client) => ({
              value: client.id,
              label: `${client.businessName} (paid by ${BILLED_TO_LABELS[client.billedTo]})`,
            })),
          ]}
        />
        <TextField
          name="effectiveDate"
          label="Effective date"
          hint="YYYY-MM-DD: today or up to 60 days ahead, not before the subscription starts."
          required
          maxLength={10}
          defaultValue={preview?.effectiveDate ?? page.today}
        />
      </CommunityForm>
      {preview ? <PreviewPanel preview={preview} /> : null}
      <section className={communityStyles.section} aria-labelledby="transfers-heading">
        <h2 id="transfers-heading" className={communityStyles.sectionTitle}>
          Transfers asked for
        </h2>
        {page.transfers.length === 0 ? (
          <p className={communityStyles.empty}>No transfers yet.</p>
        ) : (
          <RecordTable
            caption="Transfers, newest first"
            records={page.transfers}
            rowKey={(transfer) => transfer.id}
            columns={[
              ...transferColumns<(typeof page.transfers)[number]>((transfer) =>
                transfer.lapsed
                  ? 'Not answered in time: you may ask again'
                  : transferStateLabel(transfer),
              ),
              { label: 'Asked on', cell: (transfer) => transfer.requestedAt.slice(0, 10) },
              {
                label: 'Withdraw',
                cell: (transfer) =>
                  transfer.status === 'awaiting-client' ? (
                    <Link
                      to={`?withdraw=${encodeURIComponent(transfer.id)}`}
                      aria-label={`Withdraw the transfer of ${transfer.businessName}`}
                    >
                      Withdraw
                    </Link>
                  ) : null,
              },
            ]}
          />
        )}
      </section>
      <p>
        <Link to={contract?.path('partnersSubscriptionChanges') ?? '#'}>
          Back to your clients’ subscription changes
        </Link>
      </p>
    </div>
  );
}

function PreviewPanel({ preview }: { preview: NonNullable<TransferAnswer['preview']> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={communityStyles.section} aria-labelledby="preview-heading">
      <h2 id="preview-heading" ref={heading} tabIndex={-1} className={communityStyles.sectionTitle}>
        {`Transfer of ${preview.businessName}`}
      </h2>
      <dl className={styles.totals}>
        <dt>Billing moves</dt>
        <dd>{DIRECTION_LABELS[preview.direction]}</dd>
        <dt>From</dt>
        <dd>{preview.effectiveDate}</dd>
        <dt>Billing period</dt>
        <dd>{`${preview.period.start} to ${preview.period.end}`}</dd>
        <dt>Days left in the period</dt>
        <dd>{`${preview.daysLeft} of ${preview.period.days}`}</dd>
        <dt className={styles.grandTotal}>Prorated for the rest of the period</dt>
        <dd className={styles.grandTotal}>{preview.prorated}</dd>
        <dt>Then each month</dt>
        <dd>{preview.monthly}</dd>
      </dl>
      <p className={communityStyles.hint}>
        {preview.direction === 'to-practice'
          ? 'Your practice is charged the prorated amount, then the monthly price at its discount.'
          : 'The client is charged the prorated amount on their own account, then the monthly price.'}{' '}
        Nothing moves until the client approves; the link we e-mail them works for 14 days.
      </p>
      <CommunityForm
        formId="confirm"
        intent="confirm"
        hidden={{ subscriptionId: preview.subscriptionId, effectiveDate: preview.effectiveDate }}
        submitLabel={`Ask ${preview.businessName} to approve`}
        pendingLabel="Asking…"
      />
    </section>
  );
}

/** The confirmation step: withdrawing needs a second, deliberate press. */
function WithdrawPanel({
  transfer,
}: {
  transfer: { id: string; businessName: string; effectiveDate: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={communityStyles.section} aria-labelledby="withdraw-heading">
      <h2
        id="withdraw-heading"
        ref={heading}
        tabIndex={-1}
        className={communityStyles.sectionTitle}
      >
        {`Withdraw the transfer of ${transfer.businessName}?`}
      </h2>
      <p>
        {`The request that billing moves from ${transfer.effectiveDate} is closed and nothing changes. The client’s link stops asking for an answer, and we tell them by e-mail.`}
      </p>
      <div className={styles.actions}>
        <CommunityForm
          formId="withdraw"
          intent="withdraw"
          hidden={{ transferId: transfer.id }}
          label={`Withdraw the transfer of ${transfer.businessName}`}
          submitLabel="Withdraw the transfer"
          pendingLabel="Withdrawing…"
        />
        <Link to="." className={communityStyles.quietButton}>
          Keep it
        </Link>
      </div>
    </section>
  );
}
