import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import {
  SERVICE_JOB_STATUSES,
  SERVICE_JOB_STATUS_LABEL,
  type ServiceJobStatus,
} from '~core/partner';
import { dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';
import { serviceJobAction, serviceJobLoader } from './service-jobs.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return serviceJobLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return serviceJobAction(args);
}

export const meta = headedPageMeta('partnersServiceJob', { noIndex: true });
export { headers } from '~app/personal-page.ts';

interface Answer {
  formId: string;
  ok: boolean;
  message: string;
  field?: string;
  values?: Record<string, string>;
}

const STEP_BUTTON = {
  accept: 'Accept this job',
  start: 'Start work',
  complete: 'Complete the job',
};

function Answered({ answer }: { answer: Answer | undefined }) {
  if (!answer || answer.field) return null;
  return (
    <p role="status" className={answer.ok ? styles.done : communityStyles.error}>
      {answer.message}
    </p>
  );
}

/** The job's steps, the one it has reached marked for screen readers too. */
function StatusSteps({ status }: { status: ServiceJobStatus }) {
  const reached = SERVICE_JOB_STATUSES.indexOf(status);
  return (
    <ol className={styles.jobSteps} aria-label="Job status">
      {SERVICE_JOB_STATUSES.map((each, index) => (
        <li
          key={each}
          className={index <= reached ? styles.jobStepReached : undefined}
          aria-current={index === reached ? 'step' : undefined}
        >
          {SERVICE_JOB_STATUS_LABEL[each]}
        </li>
      ))}
    </ol>
  );
}

function RatingForm({ signature, answer }: { signature: string; answer: Answer | undefined }) {
  const busy = useNavigation().state !== 'idle';
  const starsError = answer?.field === 'stars' ? answer.message : undefined;
  const commentError = answer?.field === 'comment' ? answer.message : undefined;
  return (
    <Form method="post" className={communityStyles.form} noValidate>
      <FormIntentFields intent="rate" fields={{ signature }} />
      <fieldset
        className={communityStyles.fieldset}
        aria-describedby={starsError ? 'stars-error' : undefined}
      >
        <legend className={communityStyles.legend}>How many stars do you give the work?</legend>
        <div className={communityStyles.checkboxes}>
          {['1', '2', '3', '4', '5'].map((stars) => (
            <label key={stars} className={communityStyles.checkbox}>
              <input
                type="radio"
                name="stars"
                value={stars}
                defaultChecked={answer?.values?.stars === stars}
              />
              {stars === '1' ? '1 star' : `${stars} stars`}
            </label>
          ))}
        </div>
        {starsError ? (
          <p id="stars-error" className={communityStyles.error}>
            {starsError}
          </p>
        ) : null}
      </fieldset>
      <div className={communityStyles.field}>
        <label htmlFor="rating-comment" className={communityStyles.label}>
          Comment (optional)
        </label>
        <textarea
          id="rating-comment"
          name="comment"
          className={communityStyles.textarea}
          defaultValue={answer?.values?.comment ?? ''}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? 'comment-error' : undefined}
        />
        {commentError ? (
          <p id="comment-error" className={communityStyles.error}>
            {commentError}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className={communityStyles.button} disabled={busy}>
          Send my rating
        </button>
      </div>
    </Form>
  );
}

function StepForm({
  step,
  answer,
}: {
  step: 'accept' | 'start' | 'complete';
  answer: Answer | undefined;
}) {
  const busy = useNavigation().state !== 'idle';
  const notesError = answer?.field === 'notes' ? answer.message : undefined;
  return (
    <Form method="post" className={communityStyles.form} noValidate>
      <FormIntentFields intent={step} fields={{ formId: `job-${step}` }} />
      {step === 'complete' ? (
        <div className={communityStyles.field}>
          <label htmlFor="job-notes" className={communityStyles.label}>
            What was done for the client
          </label>
          <textarea
            id="job-notes"
            name="notes"
            className={communityStyles.textarea}
            defaultValue={answer?.values?.notes ?? ''}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={notesError ? 'notes-error' : undefined}
          />
          {notesError ? (
            <p id="notes-error" className={communityStyles.error}>
              {notesError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <button type="submit" className={communityStyles.button} disabled={busy}>
          {STEP_BUTTON[step]}
        </button>
      </div>
    </Form>
  );
}

/** A managed-service job: its terms and steps for partners, its rating for the client. */
export default function ServiceJobPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const config = useSiteConfig();
  const heading = config ? pageHeading('partnersServiceJob', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  if (page.kind === 'rating-link-wrong') {
    return (
      <div className={communityStyles.page}>
        <h1 className={communityStyles.title}>{heading}</h1>
        <p className={communityStyles.notice}>
          This rating link is not right, or the job is not finished yet. Open the link in your
          e-mail again.
        </p>
      </div>
    );
  }
  if (page.kind === 'client') {
    const { job } = page;
    const rated = job.rating !== null || answer?.ok === true;
    return (
      <div className={communityStyles.page}>
        <header className={communityStyles.header}>
          <p className={communityStyles.eyebrow}>Rate the work</p>
          <h1 className={communityStyles.title}>{job.title}</h1>
        </header>
        {job.completionNotes ? (
          <section className={styles.section} aria-labelledby="notes-heading">
            <h2 id="notes-heading">What was done</h2>
            <p>{job.completionNotes}</p>
          </section>
        ) : null}
        {rated ? (
          <p role="status" className={styles.done}>
            {answer?.ok ? answer.message : 'This job has been rated. Thank you.'}
          </p>
        ) : (
          <>
            <Answered answer={answer} />
            <RatingForm signature={page.signature} answer={answer} />
          </>
        )}
      </div>
    );
  }
  const { job } = page;
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>{heading}</p>
        <h1 className={communityStyles.title}>{job.title}</h1>
      </header>
      <StatusSteps status={job.status} />
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>Kind of job</dt>
          <dd>{job.kindLabel}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Client</dt>
          <dd>{job.clientName}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>What the client needs</dt>
          <dd>{job.description}</dd>
        </div>
        {job.acceptedAt && job.ours ? (
          <div className={styles.summaryRow}>
            <dt>Accepted by {page.practice?.name}</dt>
            <dd>{dayLabel(job.acceptedAt)}</dd>
          </div>
        ) : null}
        {job.completionNotes ? (
          <div className={styles.summaryRow}>
            <dt>Completion notes</dt>
            <dd>{job.completionNotes}</dd>
          </div>
        ) : null}
        {job.status === 'completed' ? (
          <div className={styles.summaryRow}>
            <dt>The client’s rating</dt>
            <dd>
              {job.rating === null
                ? 'Not rated yet'
                : `${job.rating} of 5 stars${job.ratingComment ? `: “${job.ratingComment}”` : ''}`}
            </dd>
          </div>
        ) : null}
      </dl>
      <Answered answer={answer} />
      {job.nextStep ? (
        <StepForm key={job.nextStep} step={job.nextStep} answer={answer} />
      ) : page.practice === null ? (
        <p className={communityStyles.notice}>
          Jobs are taken by a practice. Create or join a practice account to accept one.
        </p>
      ) : null}
    </div>
  );
}
