import { useId } from 'react';
import type { BookableSlot } from '~core/contact';
import { useFormState } from '../community/CommunityForm.tsx';
import styles from '../community/community.module.css';
import { formDayAndTime } from './time-format.ts';
import contactStyles from './contact.module.css';

/**
 * The slots on offer as radio buttons grouped by day, in the visitor's zone; the choice comes
 * back after a refusal, and the field's message is tied to the group. The radios are not
 * `required`: a browser cannot point at one inside a closed day, so the server says it.
 */
export function SlotChoices({
  slots,
  zone,
  legend,
  defaultValue = '',
}: {
  slots: readonly BookableSlot[];
  zone: string;
  legend: string;
  defaultValue?: string;
}) {
  const { rejection } = useFormState();
  const id = useId();
  const kept = rejection?.values.startsAt;
  const chosen = typeof kept === 'string' ? kept : defaultValue;
  const error = rejection?.field === 'startsAt' ? rejection.message : undefined;
  const days = new Map<string, BookableSlot[]>();
  for (const slot of slots) {
    const day = formDayAndTime(slot.startsAt, zone, 'day');
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.hint}>Times are shown in your time zone, {zone}.</p>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {slots.length === 0 ? <p className={styles.muted}>No times are free at the moment.</p> : null}
      {[...days].map(([day, daySlots], index) => (
        // One day open at a time keeps two weeks of times short; the first (or the chosen) opens.
        <details
          key={day}
          className={contactStyles.day}
          open={index === 0 || daySlots.some((slot) => slot.startsAt === chosen)}
        >
          <summary className={contactStyles.dayName}>
            {day} <span className={styles.muted}>({daySlots.length} free)</span>
          </summary>
          <div className={contactStyles.slots}>
            {daySlots.map((slot) => (
              <label key={slot.startsAt} className={contactStyles.slot}>
                <input
                  type="radio"
                  name="startsAt"
                  value={slot.startsAt}
                  defaultChecked={slot.startsAt === chosen}
                />
                <span>{formDayAndTime(slot.startsAt, zone, 'time')}</span>
              </label>
            ))}
          </div>
        </details>
      ))}
    </fieldset>
  );
}

/** One choice of a small set (the topic), as radio buttons, kept after a refusal. */
export function RadioChoices({
  name,
  legend,
  options,
  defaultValue = '',
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
}) {
  const { rejection } = useFormState();
  const id = useId();
  const kept = rejection?.values[name];
  const chosen = typeof kept === 'string' ? kept : defaultValue;
  const error = rejection?.field === name ? rejection.message : undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.checkboxes}>
        {options.map((option) => (
          <label key={option.value} className={styles.checkbox}>
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === chosen}
              required
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
