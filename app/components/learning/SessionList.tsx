import { useId } from 'react';
import { REGION_NAMES } from '~core/regions';
import { REGISTER_NOW } from '~core/search';
import { Heading } from '../Heading.tsx';
import { SessionTime } from './SessionTime.tsx';
import styles from './learning.module.css';

export interface SessionItem {
  id: string;
  itemTitle: string;
  kindLabel: string;
  startsAt: string;
  timeZone: string;
  region: keyof typeof REGION_NAMES;
  durationMinutes: number;
  location: string | null;
  registerUrl: string;
  calendarPath: string;
}

export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function SessionCard({ session, headingLevel }: { session: SessionItem; headingLevel: number }) {
  const titleId = useId();
  return (
    <article className={styles.session} data-session-id={session.id}>
      <p className={styles.kind}>{session.kindLabel}</p>
      <Heading level={headingLevel} className={styles.sessionTitle} id={titleId}>
        {session.itemTitle}
      </Heading>
      <p className={styles.when}>
        <SessionTime startsAt={session.startsAt} timeZone={session.timeZone} />
      </p>
      <ul className={styles.facts}>
        <li>{durationLabel(session.durationMinutes)}</li>
        <li>{session.location ?? 'Online'}</li>
        <li>{REGION_NAMES[session.region]}</li>
      </ul>
      <div className={styles.actions}>
        <a className={styles.register} href={session.registerUrl} aria-describedby={titleId}>
          {REGISTER_NOW}
        </a>
        <a
          className={styles.calendar}
          href={session.calendarPath}
          download
          aria-describedby={titleId}
        >
          Add to calendar (.ics)
        </a>
      </div>
    </article>
  );
}

/** Sessions as cards: when (in the visitor's time zone), where, and how to register. */
export function SessionList({
  sessions,
  headingLevel = 3,
}: {
  sessions: readonly SessionItem[];
  headingLevel?: number;
}) {
  return (
    <ul className={styles.grid}>
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
