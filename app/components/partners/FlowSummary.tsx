import { Link } from 'react-router';
import { splitChoices, type FlowStep } from '~core/partner';
import styles from './partners.module.css';

function answerText(step: FlowStep, name: string, value: string): string {
  const field = step.fields.find((candidate) => candidate.name === name);
  if (!field || value === '') return 'Not given';
  if (field.kind !== 'choice' && field.kind !== 'choices') return value;
  return splitChoices(value)
    .map((chosen) => field.options.find((option) => option.value === chosen)?.label ?? chosen)
    .join(', ');
}

/** A finished flow's answers, step by step, each with a link to change it. */
export function FlowSummary({
  steps,
  answers,
  href,
}: {
  steps: readonly FlowStep[];
  answers: (step: FlowStep) => Record<string, string>;
  href: (step: FlowStep) => string;
}) {
  return (
    <>
      {steps.map((step) => {
        const given = answers(step);
        return (
          <section
            key={step.number}
            className={styles.panel}
            aria-labelledby={`summary-${step.number}`}
          >
            <h2 id={`summary-${step.number}`}>{step.title}</h2>
            <dl className={styles.summary}>
              {step.fields.map((field) => (
                <div key={field.name} className={styles.summaryRow}>
                  <dt>{field.label}</dt>
                  <dd>{answerText(step, field.name, given[field.name] ?? '')}</dd>
                </div>
              ))}
            </dl>
            <Link to={href(step)}>Change {step.title.toLowerCase()}</Link>
          </section>
        );
      })}
    </>
  );
}
