import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { FlowStep } from '~core/partner';
import { pageHeading } from '~core/routes';
import communityStyles from '~app/components/community/community.module.css';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { FlowStepForm } from './FlowStepForm.tsx';
import { FlowSummary } from './FlowSummary.tsx';
import { NotPartner } from './NotPartner.tsx';
import styles from './partners.module.css';

/** What the page's action answers when a step was refused: the message, per field, as typed. */
export interface RefusedFlowStep {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * A partner flow of numbered steps (personalise, update account): the step asked for, or once
 * every step is saved, what the flow changed and a summary of each step's answers to revisit.
 */
export function PartnerFlowPage({
  pageKey,
  steps,
  isPartner,
  currentStep,
  refused,
  answersOf,
  lastLabel,
  done,
}: {
  pageKey: 'partnersPersonalise' | 'partnersUpdateAccount';
  steps: readonly FlowStep[];
  isPartner: boolean;
  currentStep: number | null | undefined;
  refused: RefusedFlowStep | undefined;
  answersOf: (stepNumber: number) => Record<string, string>;
  lastLabel: string;
  done: { title: (justSaved: boolean) => string; body: ReactNode; link: ReactNode };
}) {
  const [search] = useSearchParams();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading(pageKey, config) : '';
  if (!isPartner) return <NotPartner heading={heading} />;
  const here = contract?.path(pageKey) ?? '';
  const step = steps.find((candidate) => candidate.number === currentStep);
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>{heading}</h1>
      </header>
      {refused?.message ? (
        <p role="alert" className={communityStyles.error}>
          {refused.message}
        </p>
      ) : null}
      {step ? (
        <FlowStepForm
          key={step.number}
          step={step}
          total={steps.length}
          values={refused?.values ?? answersOf(step.number)}
          errors={refused?.errors ?? {}}
          backHref={step.number > 1 ? `${here}?step=${step.number - 1}` : null}
          lastLabel={lastLabel}
        />
      ) : (
        <div className={styles.flowPanels}>
          <div className={styles.panel} role="status">
            <h2>{done.title(search.get('saved') !== null)}</h2>
            {done.body}
            <p>{done.link}</p>
          </div>
          <FlowSummary
            steps={steps}
            answers={(answered) => answersOf(answered.number)}
            href={(answered) => `${here}?step=${answered.number}`}
          />
        </div>
      )}
    </div>
  );
}
