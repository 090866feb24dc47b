import type { PartnerTierData, PointsWidgetState } from '~core/partner';
import {
  ADD_CLIENT_LINK_TEXT,
  addClientUrl,
  celebrationHeading,
  formatPoints,
  NO_POINTS_MESSAGE,
  POINTS_LINK_PATH,
  POINTS_LINK_TEXT,
  tierToCelebrate,
} from '~core/partner';
import { Button, StyledLink } from '../components/ui/Button.tsx';
import { ProgressBar } from '../components/ui/ProgressBar.tsx';
import { useSiteConfig } from '../site.ts';
import styles from './PointsWidget.module.css';

export interface PointsSummaryProps {
  view: PointsWidgetState;
  /** The tier data, for the celebration; null when there is nothing to celebrate. */
  tierData?: PartnerTierData | null;
  /** Ends the tier celebration (endCelebratePartnerTier). */
  onAcknowledge?: () => void;
  acknowledging?: boolean;
}

/**
 * The points widget once its tier data is known: the partner dashboard, which has it from its
 * loader, shows this without the widget's loading state and remote calls (spec 2.7, 4).
 */
export function PointsSummary({
  view,
  tierData,
  onAcknowledge,
  acknowledging,
}: PointsSummaryProps) {
  const appsHost = useSiteConfig()?.appsHost;
  if (view.kind === 'hidden') return null;
  if (view.kind === 'no-points') {
    return (
      <div className={styles.widget}>
        <p className={styles.noPoints}>{NO_POINTS_MESSAGE}</p>
        {appsHost ? (
          <StyledLink
            label={ADD_CLIENT_LINK_TEXT}
            href={addClientUrl(appsHost)}
            newWindow
            iconName="external"
          />
        ) : null}
      </div>
    );
  }
  const { definition, balance, progress, total } = view;
  const celebrated = tierToCelebrate(tierData);
  const remaining = total - progress;
  return (
    <div className={styles.widget} data-points-widget={definition.tier}>
      {celebrated ? (
        <div className={styles.celebration} role="status">
          <p className={styles.celebrationText}>{celebrationHeading(celebrated)}</p>
          <Button
            label="Got it"
            variant="tertiary"
            size="small"
            disabled={acknowledging}
            onClick={onAcknowledge}
          />
        </div>
      ) : null}
      <div className={styles.summary}>
        <img
          className={styles.badge}
          src={`/img/${definition.badgeImage}`}
          alt={definition.badgeAlt}
          width={64}
          height={64}
        />
        <div>
          <p className={styles.tier}>{`${definition.label} tier`}</p>
          <p className={styles.balance}>
            <span className={styles.points}>{formatPoints(balance)}</span> points
          </p>
        </div>
      </div>
      <ProgressBar
        total={total}
        progress={progress}
        animate
        showStepText={false}
        progressLabel={
          definition.nextTierLabel ? `Points towards ${definition.nextTierLabel} tier` : 'Points'
        }
      />
      <p className={styles.next}>
        {definition.nextTierLabel
          ? `${formatPoints(remaining)} points to ${definition.nextTierLabel} tier`
          : 'You have reached the top tier'}
      </p>
      <StyledLink label={POINTS_LINK_TEXT} href={POINTS_LINK_PATH} iconName="right-arrow" />
    </div>
  );
}
