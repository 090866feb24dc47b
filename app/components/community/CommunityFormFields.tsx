import { useId, type ReactNode } from 'react';
import { CHECKED_FIELD, useFormState } from './CommunityForm.tsx';
import styles from './community.module.css';

/*
 * The fields of a CommunityForm. After a refusal each shows what was typed again, with the
 * message next to the field it is about; fields marked for it check the banned words as the
 * visitor types.
 */

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  defaultValue?: string;
  required?: boolean;
  maxLength?: number;
  /** Checked against the banned words before the form is sent. */
  checkBannedWords?: boolean;
}

/** A field's shared wiring: its value after a refusal, its error and the ids that tie them. */
function useField({ name, defaultValue, checkBannedWords }: FieldProps) {
  const { rejection, clientErrors, setClientError, check } = useFormState();
  const id = useId();
  const kept = rejection?.values[name];
  const error = clientErrors[name] ?? (rejection?.field === name ? rejection.message : undefined);
  return {
    id,
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    value: typeof kept === 'string' ? kept : (defaultValue ?? ''),
    error,
    // Checked when the visitor leaves the field, and again as they fix it, so the message
    // shows before sending and goes as soon as the text is acceptable.
    onBlur: checkBannedWords ? (text: string) => setClientError(name, check(text)) : undefined,
    onChange:
      checkBannedWords && clientErrors[name]
        ? (text: string) => setClientError(name, check(text))
        : undefined,
  };
}

function FieldFrame({
  field,
  props,
  children,
}: {
  field: ReturnType<typeof useField>;
  props: FieldProps;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={field.id} className={styles.label}>
        {props.label}
        {props.required ? null : <span className={styles.muted}> (optional)</span>}
      </label>
      {props.hint ? (
        <span id={field.hintId} className={styles.hint}>
          {props.hint}
        </span>
      ) : null}
      {children}
      {field.error ? (
        <p id={field.errorId} role="alert" className={styles.error}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(field: ReturnType<typeof useField>, hint: string | undefined) {
  const ids = [hint ? field.hintId : undefined, field.error ? field.errorId : undefined].filter(
    Boolean,
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function TextField(props: FieldProps) {
  const field = useField(props);
  return (
    <FieldFrame field={field} props={props}>
      <input
        id={field.id}
        name={props.name}
        type="text"
        className={styles.input}
        defaultValue={field.value}
        required={props.required}
        maxLength={props.maxLength}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint)}
        onBlur={field.onBlur ? (event) => field.onBlur?.(event.currentTarget.value) : undefined}
        onChange={
          field.onChange ? (event) => field.onChange?.(event.currentTarget.value) : undefined
        }
        {...(props.checkBannedWords ? { [CHECKED_FIELD]: '' } : {})}
      />
    </FieldFrame>
  );
}

export function TextArea(props: FieldProps & { rows?: number }) {
  const field = useField(props);
  return (
    <FieldFrame field={field} props={props}>
      <textarea
        id={field.id}
        name={props.name}
        className={styles.textarea}
        rows={props.rows ?? 6}
        defaultValue={field.value}
        required={props.required}
        maxLength={props.maxLength}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint)}
        onBlur={field.onBlur ? (event) => field.onBlur?.(event.currentTarget.value) : undefined}
        onChange={
          field.onChange ? (event) => field.onChange?.(event.currentTarget.value) : undefined
        }
        {...(props.checkBannedWords ? { [CHECKED_FIELD]: '' } : {})}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  ...props
}: FieldProps & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const field = useField(props);
  return (
    <FieldFrame field={field} props={props}>
      <select
        id={field.id}
        name={props.name}
        className={styles.select}
        defaultValue={field.value}
        required={props.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A group of checkboxes sent under one name (topics of a discussion). */
export function CheckboxGroup({
  name,
  legend,
  hint,
  options,
  defaultValues = [],
  required = false,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValues?: readonly string[];
  /** At least one must be ticked: the legend then does not say optional. */
  required?: boolean;
}) {
  const { rejection } = useFormState();
  const id = useId();
  const kept = rejection?.values[name];
  const checked = Array.isArray(kept) ? kept : typeof kept === 'string' ? [kept] : defaultValues;
  const error = rejection?.field === name ? rejection.message : undefined;
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={
        [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined
      }
    >
      <legend className={styles.legend}>
        {legend} {required ? null : <span className={styles.muted}>(optional)</span>}
      </legend>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <div className={styles.checkboxes}>
        {options.map((option) => (
          <label key={option.value} className={styles.checkbox}>
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Files to send with the form; after a refusal they are chosen again (browsers keep none). */
export function FileField(props: FieldProps & { accept: string; multiple?: boolean }) {
  const field = useField(props);
  return (
    <FieldFrame field={field} props={props}>
      <input
        id={field.id}
        name={props.name}
        type="file"
        className={styles.input}
        accept={props.accept}
        multiple={props.multiple}
        required={props.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint)}
      />
    </FieldFrame>
  );
}
