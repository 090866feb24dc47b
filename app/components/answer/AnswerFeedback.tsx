import { useId, useState, type FormEvent } from 'react';
import { reportError } from '~app/analytics/analytics.ts';
import type { AnswerClient } from './answer-client.ts';
import { MAX_FEEDBACK_DETAILS } from '~core/answers';
import { DISLIKE_REASONS, dislikeBody, type FeedbackBody } from './answer-feedback.ts';
import styles from './GeneratedAnswer.module.css';

type Step = 'ask' | 'explain' | 'sending' | 'thanks' | 'failed';

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      className={down ? `${styles.icon} ${styles.iconDown}` : styles.icon}
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M7 10v11H3V10h4Zm2 11h8.2a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.6 10H14V5.5A2.5 2.5 0 0 0 11.5 3L9 10v11Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** 'Was this helpful?': like at once, or dislike with a reason and an optional comment. */
export function AnswerFeedback({ answerId, client }: { answerId: string; client: AnswerClient }) {
  const [step, setStep] = useState<Step>('ask');
  const [choice, setChoice] = useState<'like' | 'dislike' | undefined>();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const questionId = useId();
  const detailsId = useId();
  const countId = useId();
  const problemId = useId();

  const send = async (body: FeedbackBody) => {
    setStep('sending');
    try {
      await client.sendFeedback(answerId, body);
      setStep('thanks');
    } catch (error) {
      reportError(error, { source: 'generated answer feedback', answerId });
      setStep('failed');
    }
  };

  const submitDislike = (event: FormEvent) => {
    event.preventDefault();
    const checked = dislikeBody(reason, details);
    if ('error' in checked) {
      setProblem(checked.error);
      return;
    }
    setProblem(undefined);
    void send(checked.body);
  };

  const answered = step === 'sending' || step === 'thanks';
  return (
    <div className={styles.feedback}>
      <div role="group" aria-labelledby={questionId} className={styles.feedbackAsk}>
        <span id={questionId} className={styles.feedbackQuestion}>
          Was this helpful?
        </span>
        <button
          type="button"
          className={styles.action}
          aria-pressed={choice === 'like'}
          disabled={answered}
          onClick={() => {
            setChoice('like');
            void send({ helpful: true });
          }}
        >
          <ThumbIcon />
          Yes
        </button>
        <button
          type="button"
          className={styles.action}
          aria-pressed={choice === 'dislike'}
          aria-expanded={step === 'explain'}
          disabled={answered}
          onClick={() => {
            setChoice('dislike');
            setStep('explain');
          }}
        >
          <ThumbIcon down />
          No
        </button>
      </div>

      {step === 'explain' ? (
        <form className={styles.feedbackForm} onSubmit={submitDislike} noValidate>
          <fieldset className={styles.reasons} aria-describedby={problem ? problemId : undefined}>
            <legend>What was wrong with the answer?</legend>
            {DISLIKE_REASONS.map((option) => (
              <label key={option.value} className={styles.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => setReason(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {problem ? (
            <p id={problemId} className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
          <label htmlFor={detailsId} className={styles.detailsLabel}>
            Tell us more (optional)
          </label>
          <textarea
            id={detailsId}
            className={styles.details}
            rows={3}
            maxLength={MAX_FEEDBACK_DETAILS}
            aria-describedby={countId}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p id={countId} className={styles.count}>
            {details.length} of {MAX_FEEDBACK_DETAILS} characters
          </p>
          <div className={styles.formActions}>
            <button type="submit" className={styles.primary}>
              Send feedback
            </button>
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                setChoice(undefined);
                setProblem(undefined);
                setStep('ask');
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      <p className={styles.feedbackStatus} role="status">
        {step === 'thanks' ? 'Thanks for your feedback.' : ''}
      </p>
      {step === 'failed' ? (
        <p className={styles.problem} role="alert">
          Your feedback couldn’t be sent. Please try again.
        </p>
      ) : null}
    </div>
  );
}
