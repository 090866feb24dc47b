import { useEffect, useRef } from 'react';
import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { SelectField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { BILLED_TO_LABELS } from './labels.ts';
import {
  ownSubscriptionAction,
  ownSubscriptionLoader,
  type PlanPreview,
} from './own-subscription.server.ts';
import styles from './subscriptions.module.css';

export async function loader(args: LoaderFunctionArgs) {
  return ownSubscriptionLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return ownSubscriptionAction(args);
}

export const meta = headedPageMeta('subscriptionChanges', { noIndex: true });

const STATUS_LABELS = {
  invited: 'Waiting to be activated',
  active: 'Active',
  cancelled: 'Cancelled',
} as const;

export default function OwnSubscriptionPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<{ preview?: PlanPreview }>();
  const planDone = useFormResult('plan').done;
  const cancelDone = useFormResult('cancel').done;
  const config = useSiteConfig();
  const heading = config ? pageHeading('subscriptionChanges', config) : '';
  if (page.kind === 'none') {
    return (
      <div className={communityStyles.page}>
        <h1 className={communityStyles.title}>{heading}</h1>
        <div className={communityStyles.notice}>
          <p>You have no subscription of your own here yet.</p>
          <p>
            If your accountant bought one for you, follow the link in the e-mail they sent to
            activate it with this sign-in.
          </p>
        </div>
      </div>
    );
  }
  const { subscription } = page;
  const active = subscription.status === 'active';
  const message = planDone?.message ?? cancelDone?.message;
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>{subscription.businessName}</p>
        <h1 className={communityStyles.title}>{heading}</h1>
      </header>
      {message ? (
        <p role="status" className={communityStyles.notice}>
          {message}
        </p>
      ) : null}
      <section className={communityStyles.section} aria-labelledby="plan-heading">
        <h2 id="plan-heading" className={communityStyles.sectionTitle}>
          Your subscription
        </h2>
        <dl className={styles.totals}>
          <dt>Plan</dt>
          <dd>{`${subscription.plan.name}, ${subscription.plan.price} a month`}</dd>
          <dt>State</dt>
          <dd>{STATUS_LABELS[subscription.status]}</dd>
          <dt>Paid by</dt>
          <dd>{subscription.billedTo === 'client' ? 'you' : BILLED_TO_LABELS.practice}</dd>
          <dt>Started</dt>
          <dd>{subscription.startDate}</dd>
          <dt>{subscription.endsOn ? 'Ends on' : 'Renews on'}</dt>
          <dd>{subscription.endsOn ?? subscription.periodEnd}</dd>
        </dl>
      </section>
      {active ? (
        <section className={communityStyles.section} aria-labelledby="change-heading">
          <h2 id="change-heading" className={communityStyles.sectionTitle}>
            Change plan
          </h2>
          <CommunityForm
            key={answer?.preview?.plan ?? 'choose'}
            formId="plan"
            intent="preview"
            label="Choose another plan"
            submitLabel="Show the prorated amount"
            pendingLabel="Working it out…"
            buttonClassName={answer?.preview ? communityStyles.quietButton : communityStyles.button}
          >
            <SelectField
              name="plan"
              label="New plan"
              required
              defaultValue={answer?.preview?.plan ?? ''}
              options={[
                { value: '', label: 'Choose a plan' },
                ...page.plans.map((plan) => ({ value: plan.code, label: plan.label })),
              ]}
            />
          </CommunityForm>
          {answer?.preview ? <PlanPreviewPanel preview={answer.preview} /> : null}
        </section>
      ) : null}
      {active ? (
        <section className={communityStyles.section} aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className={communityStyles.sectionTitle}>
            Cancel
          </h2>
          <p>
            {`If you cancel now, you keep ${subscription.plan.name} until ${subscription.periodEnd}, when it would renew, and you are not billed again.`}
          </p>
          <CommunityForm
            formId="cancel"
            intent="cancel"
            label="Cancel the subscription"
            submitLabel={`Cancel on ${subscription.periodEnd}`}
            pendingLabel="Cancelling…"
            buttonClassName={communityStyles.dangerButton}
          />
        </section>
      ) : null}
      <section className={communityStyles.section} aria-labelledby="history-heading">
        <h2 id="history-heading" className={communityStyles.sectionTitle}>
          History
        </h2>
        {page.changes.length === 0 ? (
          <p className={communityStyles.empty}>No changes yet.</p>
        ) : (
          <ChangesTable
            changes={page.changes}
            caption="Changes to your subscription, newest first"
            showClient={false}
          />
        )}
      </section>
    </div>
  );
}

function PlanPreviewPanel({ preview }: { preview: PlanPreview }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={communityStyles.panel}>
      <h3
        ref={heading}
        tabIndex={-1}
      >{`${preview.from} to ${preview.to}, from ${preview.effectiveDate}`}</h3>
      <dl className={styles.totals}>
        <dt>{`Unused ${preview.from} (${preview.daysLeft} of ${preview.periodDays} days)`}</dt>
        <dd>{`−${preview.credit}`}</dd>
        <dt>{`${preview.to} for the same days`}</dt>
        <dd>{preview.charge}</dd>
        <dt className={styles.grandTotal}>
          {preview.owed ? 'Added to your next bill' : 'Credited to your next bill'}
        </dt>
        <dd className={styles.grandTotal}>{preview.net}</dd>
      </dl>
      <p className={communityStyles.hint}>
        {`The new plan starts at once. From ${preview.periodEnd} you pay the ${preview.to} price each month.`}
      </p>
      <CommunityForm
        formId="planConfirm"
        intent="change"
        hidden={{ plan: preview.plan }}
        submitLabel={`Change to ${preview.to}`}
        pendingLabel="Changing…"
      />
    </div>
  );
}
