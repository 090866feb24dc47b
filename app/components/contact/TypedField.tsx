import { useId } from 'react';
import { useFormState } from '../community/CommunityForm.tsx';
import styles from '../community/community.module.css';

/**
 * A field of a given input type (a phone number, a day, a time) inside a CommunityForm: what
 * was typed comes back after a refusal, and the message sits next to it, tied to it.
 */
export function TypedField({
  name,
  label,
  type,
  hint,
  required,
  autoComplete,
  maxLength,
  inputMode,
}: {
  name: string;
  label: string;
  type: 'tel' | 'date' | 'time' | 'email' | 'text';
  /** The keyboard a phone offers: 'numeric' for a code. */
  inputMode?: 'numeric';
  hint?: string;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
}) {
  const { rejection } = useFormState();
  const id = useId();
  const kept = rejection?.values[name];
  const error = rejection?.field === name ? rejection.message : undefined;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        className={styles.input}
        defaultValue={typeof kept === 'string' ? kept : ''}
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
