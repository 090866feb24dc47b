import { Link } from 'react-router';
import { challengePrizeLabel } from '~core/partner';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import styles from './partners.module.css';

export interface ChallengeSummary {
  id: string;
  name: string;
  description: string;
  points: number;
  /** The reward won besides the points; null for none. */
  prize: string | null;
  endsOn: string;
  joined: boolean;
  progress: { done: number; goal: number; complete: boolean } | null;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function dayLabel(day: string): string {
  return DAY_LABEL.format(new Date(`${day.slice(0, 10)}T00:00:00.000Z`));
}

/**
 * A challenge with its reward, its end and, once joined, the partner's progress. Without an
 * address the card is on the challenge's own page, whose heading already names it: a title
 * there would repeat the heading one level too deep and link to the page it is on.
 */
export function ChallengeCard({ challenge, href }: { challenge: ChallengeSummary; href?: string }) {
  const { progress } = challenge;
  return (
    <article className={styles.card}>
      {href === undefined ? null : (
        <h3 className={styles.cardTitle}>
          <Link to={href}>{challenge.name}</Link>
        </h3>
      )}
      <p>{challenge.description}</p>
      <p className={styles.meta}>
        {`${challengePrizeLabel(challenge.points, challenge.prize)} · ends ${dayLabel(challenge.endsOn)}`}
      </p>
      {progress === null ? (
        <p className={styles.meta}>Not joined</p>
      ) : progress.complete ? (
        <p className={styles.done}>Completed</p>
      ) : (
        <ProgressBar
          total={progress.goal}
          progress={progress.done}
          progressLabel={`Progress on ${challenge.name}`}
        />
      )}
    </article>
  );
}
