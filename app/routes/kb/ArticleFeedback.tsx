import { useId } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { FEEDBACK_COMMENT_MAX } from '~core/content';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import styles from './kb.module.css';

/** What the article action answers a feedback post with. */
export type FeedbackState =
  | { status: 'sent'; helpful?: 'yes' | 'no' }
  | {
      status: 'error';
      message: string;
      /** The field the message is about; absent when the whole request was refused. */
      field?: string;
      helpful?: 'yes' | 'no';
      comment: string;
    };

/**
 * 'Was this helpful?' Yes or No, with an optional comment. A plain form post without
 * JavaScript; with it, a fetcher sends the answer without leaving the page. Either way an error
 * keeps the answer and the comment in the form.
 */
export function ArticleFeedback() {
  const csrfToken = useCsrfToken();
  const fetcher = useFetcher<FeedbackState>({ key: 'article-feedback' });
  const posted = useActionData<FeedbackState>();
  const state = fetcher.data ?? posted;
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const commentId = `${id}-comment`;
  const hintId = `${id}-hint`;
  const sending = fetcher.state !== 'idle';

  if (state?.status === 'sent') {
    return (
      <section className={styles.feedback} aria-labelledby={titleId}>
        <h2 id={titleId} className="visually-hidden">
          Was this helpful?
        </h2>
        <p role="status" className={styles.thanks}>
          Thanks for your feedback.
        </p>
        <p className={styles.hint}>It helps us make our help articles better.</p>
      </section>
    );
  }

  const error = state?.status === 'error' ? state : undefined;
  const commentError = error?.field === 'comment';
  return (
    <section className={styles.feedback} id="feedback">
      <fetcher.Form method="post" aria-describedby={error ? errorId : undefined}>
        <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
        <fieldset className={styles.feedbackFieldset}>
          <legend id={titleId} className={styles.feedbackLegend}>
            Was this helpful?
          </legend>
          <div className={styles.choices}>
            {(['yes', 'no'] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name="helpful"
                  value={value}
                  required
                  defaultChecked={error?.helpful === value}
                />
                <span>{value === 'yes' ? 'Yes' : 'No'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p id={errorId} role="alert" className={styles.error}>
            {error.message}
          </p>
        ) : null}
        <div className={styles.field}>
          <label htmlFor={commentId}>Tell us more (optional)</label>
          <span id={hintId} className={styles.hint}>
            Please don’t include personal or account details. Up to {FEEDBACK_COMMENT_MAX}{' '}
            characters.
          </span>
          <textarea
            id={commentId}
            name="comment"
            rows={3}
            maxLength={FEEDBACK_COMMENT_MAX}
            defaultValue={error?.comment ?? ''}
            aria-describedby={commentError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={commentError || undefined}
          />
        </div>
        <button type="submit" className={styles.button} disabled={sending}>
          {sending ? 'Sending…' : 'Send feedback'}
        </button>
      </fetcher.Form>
    </section>
  );
}
