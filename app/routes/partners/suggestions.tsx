import { useEffect, useState } from 'react';
import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { formatPoints, partnerStepFollowPath } from '~core/partner';
import { pageHeading } from '~core/routes';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';
import { suggestionsAction, suggestionsLoader } from './suggestions.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return suggestionsLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return suggestionsAction(args);
}

export const meta = headedPageMeta('partnersSuggestions', { noIndex: true });

type Loaded = Extract<Awaited<ReturnType<typeof suggestionsLoader>>, { kind: 'partner' }>;
type Step = Loaded['todo'][number];

/** Spec 4: the banner after a dismissal or a restore goes after a second. */
const BANNER_MS = 1000;

/*
 * One fetcher for every step, shared by its key: a step moves to another group once its
 * reaction is saved, and the page, which stays, shows the answer.
 */
const REACTION_FETCHER = 'suggested-step-reaction';

function StepItem({ step }: { step: Step }) {
  const fetcher = useFetcher({ key: REACTION_FETCHER });
  const csrfToken = useCsrfToken();
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('stepId') === step.id;
  return (
    <li className={styles.card} aria-busy={busy}>
      <h3 className={styles.cardTitle}>{step.title}</h3>
      <p className={styles.meta}>
        {step.due}
        {step.points === null ? '' : ` · ${formatPoints(step.points)} points`}
      </p>
      {step.linkText && step.url ? (
        <a
          href={partnerStepFollowPath(step.id)}
          {...(step.openInNewWindow ? { target: '_blank', rel: 'noreferrer' } : {})}
        >
          {step.linkText}
        </a>
      ) : null}
      {step.actionButtonEventType ? (
        <fetcher.Form method="post" className={styles.status}>
          <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
          <input type="hidden" name="intent" value={step.actionButtonEventType} />
          <input type="hidden" name="formId" value={step.id} />
          <input type="hidden" name="stepId" value={step.id} />
          <button
            type="submit"
            className={communityStyles.quietButton}
            disabled={busy}
            aria-label={`${step.actionButtonLabel ?? ''}: ${step.title}`}
          >
            {step.actionButtonEventType === 'dismiss' ? '✕ ' : '+ '}
            {step.actionButtonLabel}
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function Group({
  id,
  title,
  steps,
  empty,
}: {
  id: string;
  title: string;
  steps: Step[];
  empty: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {steps.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className={styles.cards}>
          {steps.map((step) => (
            <StepItem key={step.id} step={step} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The partner checklist on its own (flow-isolation): to do, completed and dismissed steps. */
export default function SuggestionsPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const heading = config ? pageHeading('partnersSuggestions', config) : '';
  const reaction = useFetcher<{ ok: boolean; message: string }>({ key: REACTION_FETCHER });
  const answer = reaction.data;
  const [spent, setSpent] = useState<typeof answer>(undefined);
  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(() => setSpent(answer), BANNER_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  const banner = answer && answer !== spent ? answer.message : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{heading}</h1>
      <p role="status" className={banner ? communityStyles.notice : undefined}>
        {banner}
      </p>
      <Group
        id="todo"
        title="Suggested next steps"
        steps={page.todo}
        empty="You have done every suggested step."
      />
      <Group
        id="completed"
        title="Completed steps"
        steps={page.completed}
        empty="Steps you complete appear here."
      />
      <Group
        id="dismissed"
        title="Dismissed steps"
        steps={page.dismissed}
        empty="Steps you dismiss appear here."
      />
    </div>
  );
}
