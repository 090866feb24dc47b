import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FormIntentFields } from '../ui/FormIntentFields.tsx';
import communityStyles from '../community/community.module.css';
import styles from './partners.module.css';

interface FormAnswer {
  formId: string;
  ok: boolean;
  message: string;
}

/**
 * A partner page's small form: posted without leaving the page, its button disabled while it
 * is on its way (a double click sends it once), and its answer read out beside it.
 */
export function PartnerForm({
  formId,
  intent,
  fields,
  label,
  quiet = false,
  children,
}: {
  formId: string;
  intent: string;
  fields: Record<string, string>;
  label: string;
  quiet?: boolean;
  children?: ReactNode;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const answer = fetcher.data?.formId === formId ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className={styles.reward}>
      <FormIntentFields intent={intent} fields={{ formId, ...fields }} />
      {children}
      <div>
        <button
          type="submit"
          className={quiet ? communityStyles.quietButton : communityStyles.button}
          disabled={busy}
        >
          {label}
        </button>
      </div>
      <p role="status" className={styles.status}>
        {answer ? (
          <span className={answer.ok ? styles.done : communityStyles.error}>{answer.message}</span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
