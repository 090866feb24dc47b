import { formatPoints } from '~core/partner';
import styles from './partners.module.css';

export interface ProgrammeTier {
  tier: string;
  label: string;
  badgeImage: string;
  threshold: number;
}

/** The tiers with the tier points each starts at, lowest first. */
export function ProgrammeTiers({ tiers }: { tiers: readonly ProgrammeTier[] }) {
  return (
    <ol className={styles.tiers}>
      {tiers.map((tier) => (
        <li key={tier.tier} className={styles.tier}>
          <img src={`/img/${tier.badgeImage}`} alt="" width={48} height={48} />
          <span className={styles.tierName}>{tier.label}</span>
          <span className={styles.meta}>
            {tier.threshold === 0
              ? 'Your first points'
              : `From ${formatPoints(tier.threshold)} points`}
          </span>
        </li>
      ))}
    </ol>
  );
}
