import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { ATTACHMENTS_FIELD, isRaiseStep, RAISE_STEP_LABELS, stepsFor } from '~core/cases';
import { track } from '~app/analytics/analytics.ts';
import { ARTICLE_VIEWED_KEY } from '~app/blocks/content-view.ts';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import { useRouteContract } from '~app/site.ts';
import styles from '../community/community.module.css';
import { formIdempotencyKey } from '../community/display.ts';
import type { CommunityActionData } from '../community/CommunityForm.tsx';
import caseStyles from './cases.module.css';
import {
  NO_VALUES,
  type FlowState,
  type FlowValues,
  type RaiseFlowData,
} from './raise-flow-data.ts';
import {
  ClassifyStep,
  DeflectStep,
  DescribeStep,
  DetailsStep,
  ReviewStep,
  STEP_FIELDS,
  type StepFiles,
  type StepOptions,
} from './RaiseCaseSteps.tsx';
import { TypingProposal } from './TypingProposal.tsx';

/*
 * The generated answer's client (streaming, citations, feedback) is loaded only when the
 * suggested-help step is shown, which keeps the flow's first page light.
 */
const DeflectionAnswer = lazy(() =>
  import('./DeflectionAnswer.tsx').then((module) => ({ default: module.DeflectionAnswer })),
);

/** The step to show: the action's answer, a refusal of the submit, or the first step. */
function stateOf(
  result: RaiseFlowData | CommunityActionData | undefined,
  email: string,
): FlowState {
  if (result && 'flow' in result) return result.flow;
  if (result && 'rejected' in result) {
    const kept = result.rejected.values;
    const values = Object.fromEntries(
      Object.keys(NO_VALUES).map((name) => [
        name,
        typeof kept[name] === 'string' ? kept[name] : '',
      ]),
    ) as unknown as FlowValues;
    const step = typeof kept.step === 'string' && isRaiseStep(kept.step) ? kept.step : 'describe';
    return {
      step,
      values,
      error: {
        message: result.rejected.message,
        ...(result.rejected.field ? { field: result.rejected.field } : {}),
      },
    };
  }
  return { step: 'describe', values: { ...NO_VALUES, contactEmail: email } };
}

/** Whether the visitor viewed an article that skips deflection (spec: session storage). */
function useArticleViewed(): string {
  return useSyncExternalStore(noSubscription, readArticleViewed, () => '');
}

/** Session storage tells no page when another sets it; the value is read at each render. */
const noSubscription = () => () => undefined;

function readArticleViewed(): string {
  try {
    return window.sessionStorage.getItem(ARTICLE_VIEWED_KEY) ?? '';
  } catch {
    // Storage refused (privacy settings): deflection is simply not skipped.
    return '';
  }
}

export interface RaiseCaseFlowProps extends StepOptions {
  intro: string;
  pageToken: string;
  followUpOf: string;
  email: string;
}

/**
 * The raise flow: describe, choose a category, see help that may answer it, impact and
 * contact, review. Each step is a plain form post (no JavaScript needed); the step heading
 * takes the focus when the step changes, so keyboard and screen reader users land on it.
 */
export function RaiseCaseFlow(props: RaiseCaseFlowProps) {
  const result = useActionData<RaiseFlowData | CommunityActionData>();
  const csrfToken = useCsrfToken();
  const navigation = useNavigation();
  const contract = useRouteContract();
  const articleViewed = useArticleViewed();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const state = stateOf(result, props.email);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [state.step, result]);

  if (result && 'deflected' in result) {
    return (
      <div role="status">
        <h2 className={styles.sectionTitle}>Glad that helped</h2>
        <p>No case was raised. If the problem comes back, you can raise a case at any time.</p>
        <p>
          <Link to={contract?.path('home') ?? '/'}>Back to the help home page</Link>
        </p>
      </div>
    );
  }

  const steps = stepsFor({ skipDeflection: articleViewed === 'true' });
  const errorOf = (field: keyof FlowValues) =>
    state.error?.field === field ? state.error.message : undefined;
  const shown = new Set<string>(STEP_FIELDS[state.step]);
  // The details step takes files, which the server keeps in the flow's draft; the review
  // step lists them, and a refusal about them shows there.
  const takesFiles = state.step === 'details';
  if (takesFiles || state.step === 'review') shown.add(ATTACHMENTS_FIELD);
  const files: StepFiles = {
    files: state.files ?? [],
    error: state.error?.field === ATTACHMENTS_FIELD ? state.error.message : undefined,
    lapsed: state.filesLapsed === true,
  };
  const sending = navigation.state === 'submitting';
  // A refusal about a field of another step (the submit checks them all again) shows on top.
  const formError =
    state.error && !(state.error.field && shown.has(state.error.field))
      ? state.error.message
      : undefined;
  return (
    <>
      <p className={styles.intro}>{props.intro}</p>
      <ol className={caseStyles.steps} aria-label="Steps">
        {steps.map((step, index) => (
          <li key={step} aria-current={step === state.step ? 'step' : undefined}>
            {index + 1}. {RAISE_STEP_LABELS[step]}
          </li>
        ))}
      </ol>
      <Form
        method="post"
        encType={takesFiles ? 'multipart/form-data' : undefined}
        key={JSON.stringify(state)}
        className={styles.form}
        aria-labelledby="step-heading"
      >
        <h2 id="step-heading" ref={stepHeading} tabIndex={-1} className={styles.sectionTitle}>
          {RAISE_STEP_LABELS[state.step]}
        </h2>
        <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
        <input type="hidden" name="step" value={state.step} />
        <input type="hidden" name="articleViewed" value={articleViewed} />
        <input type="hidden" name="followUpOf" value={props.followUpOf} />
        <input
          type="hidden"
          name="idempotencyKey"
          value={formIdempotencyKey(props.pageToken, 'raise')}
        />
        {Object.entries(state.values).map(([name, value]) =>
          shown.has(name) ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        {formError ? (
          <p role="alert" className={caseStyles.error}>
            {formError}
          </p>
        ) : null}
        {state.removed ? (
          <p role="status" className={styles.intro}>
            {`${state.removed} was removed.`}
          </p>
        ) : null}
        {state.step === 'describe' ? (
          <DescribeStep values={state.values} errorOf={errorOf} options={props} />
        ) : null}
        {state.step === 'classify' ? (
          <ClassifyStep
            values={state.values}
            errorOf={errorOf}
            options={props}
            proposal={state.proposal}
          />
        ) : null}
        {state.step === 'deflect' ? (
          <>
            <Suspense fallback={null}>
              <DeflectionAnswer question={state.values.subject} />
            </Suspense>
            <DeflectStep results={state.deflection ?? []} />
          </>
        ) : null}
        {state.step === 'details' ? (
          <DetailsStep values={state.values} errorOf={errorOf} files={files} />
        ) : null}
        {state.step === 'review' ? (
          <ReviewStep values={state.values} options={props} files={files} />
        ) : null}
        <div className={caseStyles.buttons}>
          {state.step === 'deflect' ? (
            <>
              <button
                type="submit"
                name="intent"
                value="next"
                className={styles.button}
                disabled={sending}
              >
                I still need help
              </button>
              <button
                type="submit"
                name="intent"
                value="solved"
                className={styles.quietButton}
                disabled={sending}
              >
                This solved my problem
              </button>
            </>
          ) : state.step === 'review' ? (
            <button
              type="submit"
              name="intent"
              value="submit"
              className={styles.button}
              disabled={sending}
            >
              {sending ? 'Submitting…' : 'Submit case'}
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="next"
              className={styles.button}
              disabled={sending}
            >
              Continue
            </button>
          )}
          {state.step !== 'describe' ? (
            <button
              type="submit"
              name="intent"
              value="back"
              className={styles.quietButton}
              disabled={sending}
            >
              Back
            </button>
          ) : null}
        </div>
        {/* Under the buttons: what it says comes while the customer may be reaching for Continue,
            and nothing above the button may move then. */}
        {state.step === 'describe' ? <TypingProposal queue={props.queue} /> : null}
      </Form>
    </>
  );
}

/** The confirmation after submitting, which also records the spec's 'case submitted' event. */
export function CaseSubmitted({
  caseId,
  caseNumber,
  subject,
  orgId,
}: {
  caseId: string;
  caseNumber: string;
  subject: string;
  orgId: string | undefined;
}) {
  const contract = useRouteContract();
  useEffect(() => {
    track('case submitted', { caseNumber, ...(orgId ? { orgId } : {}) });
  }, [caseNumber, orgId]);
  return (
    <div>
      <p role="status" className={styles.intro}>
        Your case number is <strong>{caseNumber}</strong>. We have sent a confirmation by e-mail.
      </p>
      <p>
        <Link to={contract?.path('case', { id: caseId }) ?? '#'}>{subject}</Link>
      </p>
      <p>
        <Link to={contract?.path('myCases') ?? '#'}>See all your cases</Link>
      </p>
    </div>
  );
}
