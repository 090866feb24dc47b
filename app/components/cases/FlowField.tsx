import { useId, type ChangeEvent, type ReactNode } from 'react';
import styles from '../community/community.module.css';
import caseStyles from './cases.module.css';

/*
 * The raise flow's fields: each shows the value typed so far and, after a refusal, the message
 * next to the field it is about, tied to it for assistive technology.
 */

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  optional?: boolean;
}

function Frame({ id, props, children }: { id: string; props: FieldProps; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
        {props.optional ? <span className={styles.muted}> (optional)</span> : null}
      </label>
      {props.hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </span>
      ) : null}
      {children}
      {props.error ? (
        <p id={`${id}-error`} role="alert" className={caseStyles.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function described(id: string, props: FieldProps): string | undefined {
  const ids = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FlowInput(
  props: FieldProps & {
    type?: 'text' | 'email' | 'tel' | 'time';
    maxLength?: number;
    autoComplete?: string;
  },
) {
  const id = useId();
  return (
    <Frame id={id} props={props}>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        className={styles.input}
        defaultValue={props.value}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described(id, props)}
      />
    </Frame>
  );
}

/**
 * Files sent with the case; after a refusal they are chosen again (browsers keep none). The
 * children (the files kept so far) show between the hint and the input.
 */
export function FlowFiles(
  props: Omit<FieldProps, 'value'> & { accept: string; children?: ReactNode },
) {
  const id = useId();
  return (
    <Frame id={id} props={{ ...props, value: '' }}>
      {props.children}
      <input
        id={id}
        name={props.name}
        type="file"
        multiple
        accept={props.accept}
        className={styles.input}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described(id, { ...props, value: '' })}
      />
    </Frame>
  );
}

export function FlowTextArea(props: FieldProps & { maxLength: number; rows?: number }) {
  const id = useId();
  return (
    <Frame id={id} props={props}>
      <textarea
        id={id}
        name={props.name}
        className={styles.textarea}
        rows={props.rows ?? 8}
        defaultValue={props.value}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described(id, props)}
      />
    </Frame>
  );
}

export function FlowSelect(
  props: FieldProps & {
    options: ReadonlyArray<{ value: string; label: string }>;
    groups?: ReadonlyArray<{
      label: string;
      options: ReadonlyArray<{ value: string; label: string }>;
    }>;
  },
) {
  const id = useId();
  return (
    <Frame id={id} props={props}>
      <select
        id={id}
        name={props.name}
        className={styles.select}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described(id, props)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {props.groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Frame>
  );
}

/** Radio buttons under one name, in a fieldset with its legend. */
export function FlowChoices({
  name,
  legend,
  value,
  error,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: string;
  error: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <fieldset className={caseStyles.choices} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={caseStyles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={caseStyles.choice}>
          <input
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={value === option.value}
            aria-invalid={error ? true : undefined}
            onChange={onChange}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert" className={caseStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
