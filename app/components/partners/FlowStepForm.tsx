import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { splitChoices, type FlowField, type FlowStep } from '~core/partner';
import { FlowInput, FlowSelect } from '../cases/FlowField.tsx';
import { FormIntentFields } from '../ui/FormIntentFields.tsx';
import caseStyles from '../cases/cases.module.css';
import communityStyles from '../community/community.module.css';
import styles from './partners.module.css';

/** Ticked boxes under one name, in a fieldset with its legend: several answers to a question. */
function ChoicesField({
  field,
  value,
  error,
}: {
  field: Extract<FlowField, { kind: 'choices' }>;
  value: string;
  error: string | undefined;
}) {
  const id = useId();
  const chosen = splitChoices(value);
  return (
    <fieldset className={caseStyles.choices} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={caseStyles.legend}>{field.label}</legend>
      {field.options.map((option) => (
        <label key={option.value} className={caseStyles.choice}>
          <input
            type="checkbox"
            name={field.name}
            value={option.value}
            defaultChecked={chosen.includes(option.value)}
            aria-invalid={error ? true : undefined}
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

const INPUT_TYPES = { text: 'text', email: 'email', phone: 'tel', url: 'text' } as const;

function StepField({
  field,
  value,
  error,
}: {
  field: FlowField;
  value: string;
  error: string | undefined;
}) {
  const common = { name: field.name, label: field.label, value, error, optional: !field.required };
  switch (field.kind) {
    case 'choices':
      return <ChoicesField field={field} value={value} error={error} />;
    case 'choice':
      return (
        <FlowSelect {...common} options={[{ value: '', label: 'Choose one' }, ...field.options]} />
      );
    case 'url':
      return (
        <FlowInput {...common} type="text" maxLength={300} hint="For example https://example.com" />
      );
    case 'text':
      return (
        <FlowInput
          {...common}
          type="text"
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
        />
      );
    default:
      return (
        <FlowInput {...common} type={INPUT_TYPES[field.kind]} autoComplete={field.autoComplete} />
      );
  }
}

/**
 * One step of a partner flow: 'Step {n} of {total}', its questions with what was typed kept
 * and each refusal beside its field, saved when sent. The button is disabled while the step is
 * on its way, so a double click saves it once.
 */
export function FlowStepForm({
  step,
  total,
  values,
  errors,
  backHref,
  lastLabel,
}: {
  step: FlowStep;
  total: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  backHref: string | null;
  lastLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const last = step.number === total;
  return (
    <section className={styles.panel} aria-labelledby="flow-step-heading">
      <p className={styles.meta}>{`Step ${step.number} of ${total}`}</p>
      <h2 id="flow-step-heading">{step.title}</h2>
      <p>{step.intro}</p>
      <Form method="post" noValidate>
        <FormIntentFields intent="save" fields={{ step: String(step.number) }} />
        {step.fields.map((field) => (
          <StepField
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
          />
        ))}
        <div className={styles.flowButtons}>
          <button type="submit" className={communityStyles.button} disabled={busy}>
            {last ? lastLabel : 'Save and continue'}
          </button>
          {backHref ? <Link to={backHref}>{`Back to step ${step.number - 1}`}</Link> : null}
        </div>
      </Form>
    </section>
  );
}
