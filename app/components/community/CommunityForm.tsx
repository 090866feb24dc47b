import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Form, useActionData, useLocation, useNavigation } from 'react-router';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import { formIdempotencyKey } from './display.ts';
import { expectPost, forgetPost, type PostedKind } from './posted.ts';
import { useBannedWordCheck } from './use-banned-word-check.ts';
import { useSubmitOnce } from './use-submit-once.ts';
import styles from './community.module.css';

/**
 * What a community action answers a refused form with: the message, the field it is about, and
 * everything that was typed, so the form shows it again (never lost). `formId` says which of
 * the page's forms it belongs to.
 */
export interface FormRejection {
  formId: string;
  message: string;
  field?: string;
  values: Record<string, string | string[]>;
}

/** What a community action answers a form it accepted without leaving the page with. */
export interface FormDone {
  formId: string;
  message: string;
}

export type CommunityActionData = { rejected: FormRejection } | { done: FormDone };

/** The attribute that marks a field for the banned-words check before the form is sent. */
export const CHECKED_FIELD = 'data-banned-word-check';

interface FormState {
  formId: string;
  rejection: FormRejection | undefined;
  clientErrors: Readonly<Record<string, string>>;
  setClientError(name: string, message: string | undefined): void;
  check(text: string): string | undefined;
}

const FormContext = createContext<FormState | null>(null);

/** The state of the CommunityForm around a field, for the fields (CommunityFormFields.tsx). */
export function useFormState(): FormState {
  const state = useContext(FormContext);
  if (!state) throw new Error('Community form fields belong inside a CommunityForm');
  return state;
}

/** This page's answer to the form `formId`, when the last post was that form's. */
export function useFormResult(formId: string): {
  rejection: FormRejection | undefined;
  done: FormDone | undefined;
} {
  const result = useActionData<CommunityActionData>();
  return {
    rejection:
      result && 'rejected' in result && result.rejected.formId === formId
        ? result.rejected
        : undefined,
    done: result && 'done' in result && result.done.formId === formId ? result.done : undefined,
  };
}

export interface CommunityFormProps {
  /** Tells the page's forms apart: the action echoes it with a refusal. */
  formId: string;
  intent: string;
  /** The page's token for idempotency keys; forms that create a post pass it. */
  pageToken?: string;
  /** What the form posts, for the page it lands on to focus and announce (PostedAnnouncer). */
  posts?: PostedKind;
  /** Extra hidden fields (the post a comment is on, …). */
  hidden?: Readonly<Record<string, string>>;
  submitLabel: string;
  pendingLabel?: string;
  /** Another route's action; the current page's by default. */
  action?: string;
  buttonClassName?: string;
  className?: string;
  /** The form's accessible name, for forms without a visible heading of their own. */
  label?: string;
  /** Says the form's purpose in the button for assistive technology ("Upvote this answer"). */
  buttonLabel?: string;
  buttonPressed?: boolean;
  buttonDisabled?: boolean;
  /** 'multipart/form-data' for a form with a file input. */
  encType?: 'multipart/form-data';
  children?: ReactNode;
}

/**
 * A community form: a plain POST that works without JavaScript, carrying the CSRF token, the
 * intent, and (for forms that create a post) an idempotency key, so sending it twice makes one
 * post. With JavaScript, fields marked for the banned-words check are checked before sending,
 * and a form already on its way is not sent again. A refusal shows its message and keeps the
 * typed text.
 */
export function CommunityForm({
  formId,
  intent,
  pageToken,
  posts,
  hidden = {},
  submitLabel,
  pendingLabel,
  action,
  buttonClassName,
  className,
  label,
  buttonLabel,
  buttonPressed,
  buttonDisabled,
  encType,
  children,
}: CommunityFormProps) {
  const csrfToken = useCsrfToken();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { rejection } = useFormResult(formId);
  const check = useBannedWordCheck();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errorId = useId();
  const sending =
    navigation.state === 'submitting' && navigation.formData?.get('formId') === formId;
  const once = useSubmitOnce();

  const setClientError = useCallback((name: string, message: string | undefined) => {
    setClientErrors((errors) => {
      if (errors[name] === message) return errors;
      const next = { ...errors };
      if (message === undefined) delete next[name];
      else next[name] = message;
      return next;
    });
  }, []);

  useEffect(() => {
    if (rejection && posts) forgetPost();
  }, [rejection, posts]);

  const state = useMemo<FormState>(
    () => ({ formId, rejection, clientErrors, setClientError, check }),
    [formId, rejection, clientErrors, setClientError, check],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sending || once.alreadySent()) {
      event.preventDefault();
      return;
    }
    const fields = event.currentTarget.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      `[${CHECKED_FIELD}]`,
    );
    let firstRefused: HTMLElement | undefined;
    for (const field of fields) {
      const message = check(field.value);
      setClientError(field.name, message);
      if (message && !firstRefused) firstRefused = field;
    }
    if (firstRefused) {
      event.preventDefault();
      firstRefused.focus();
      return;
    }
    once.markSent();
    if (posts) expectPost(posts, pathname);
  }

  const formError = rejection && !rejection.field ? rejection.message : undefined;
  return (
    <FormContext.Provider value={state}>
      <Form
        method="post"
        action={action}
        encType={encType}
        className={className ?? styles.form}
        onSubmit={onSubmit}
        aria-label={label}
        aria-describedby={formError ? errorId : undefined}
        preventScrollReset
      >
        <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="formId" value={formId} />
        {pageToken ? (
          <input
            type="hidden"
            name="idempotencyKey"
            value={formIdempotencyKey(pageToken, formId)}
          />
        ) : null}
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {formError ? (
          <p id={errorId} role="alert" className={styles.error}>
            {formError}
          </p>
        ) : null}
        {children}
        <div>
          <button
            type="submit"
            className={buttonClassName ?? styles.button}
            disabled={sending || buttonDisabled}
            aria-label={buttonLabel}
            aria-pressed={buttonPressed}
          >
            {sending && pendingLabel ? pendingLabel : submitLabel}
          </button>
        </div>
      </Form>
    </FormContext.Provider>
  );
}
