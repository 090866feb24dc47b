import { useId } from 'react';
import { useFormState } from '../community/CommunityForm.tsx';
import styles from './cases.module.css';

const SCORES = [
  { value: '1', label: '1 – Poor' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: '5', label: '5 – Excellent' },
];

/** The 1–5 rating as radio buttons, which work with the keyboard and without JavaScript. */
export function RatingField({ current }: { current: number | undefined }) {
  const { rejection } = useFormState();
  const id = useId();
  const kept = rejection?.values.score;
  const chosen = typeof kept === 'string' ? kept : current ? String(current) : '';
  const error = rejection?.field === 'score' ? rejection.message : undefined;
  return (
    <fieldset className={styles.rating} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>How would you rate the help you got?</legend>
      <div className={styles.scores}>
        {SCORES.map((score) => (
          <label key={score.value} className={styles.score}>
            <input
              type="radio"
              name="score"
              value={score.value}
              defaultChecked={chosen === score.value}
              required
            />
            <span>{score.label}</span>
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
