import { useState } from 'react';
import type { PartnerTierData } from '~core/partner';
import {
  ADD_CLIENT_LINK_TEXT,
  addClientUrl,
  formatPoints,
  NO_POINTS_MESSAGE,
  POINTS_LINK_PATH,
  POINTS_LINK_TEXT,
  pointsWidgetView,
  type PointsWidgetView as WidgetView,
  type TierDataLoad,
  celebrationHeading,
  tierToCelebrate,
} from '~core/partner';
import { Button, StyledLink } from '../components/ui/Button.tsx';
import { ProgressBar } from '../components/ui/ProgressBar.tsx';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { useSiteConfig } from '../site.ts';
import { reportCallFailure, useRemoteMethod } from './use-remote-method.ts';
import styles from './PointsWidget.module.css';

export interface PointsWidgetViewProps {
  view: WidgetView;
  /** The tier data, for the celebration; null when there is nothing to celebrate. */
  tierData?: PartnerTierData | null;
  /** Ends the tier celebration (endCelebratePartnerTier). */
  onAcknowledge?: () => void;
  acknowledging?: boolean;
}

/** What the widget shows for a state; the gallery renders each state through it. */
export function PointsWidgetView({
  view,
  tierData,
  onAcknowledge,
  acknowledging,
}: PointsWidgetViewProps) {
  const appsHost = useSiteConfig()?.appsHost;
  if (view.kind === 'hidden') return null;
  if (view.kind === 'loading') {
    return (
      <div className={styles.widget} aria-busy="true">
        <Skeleton layout="contentCard" label="Loading your points" />
      </div>
    );
  }
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

/**
 * Spec 2.7 and 4 'Points widget' with the tier celebration: loads the tier data
 * (celebratePartnerTier, cached). Acknowledging a new tier (endCelebratePartnerTier) is followed
 * by a refetch past every cache, whose answer replaces what was loaded (spec 4).
 */
export function PointsWidget() {
  const { state, gateway } = useRemoteMethod(
    'celebratePartnerTier',
    {},
    { source: 'CustomerTaskController.celebratePartnerTier' },
  );
  const prefix = useSiteConfig()?.prefix ?? '';
  const [acknowledging, setAcknowledging] = useState(false);
  const [acknowledged, setAcknowledged] = useState<PartnerTierData | null>(null);
  const loaded = state.status === 'ready' ? state.data : null;
  const data = acknowledged ?? loaded;
  const load: TierDataLoad = data ? { status: 'ready', data } : state;

  const acknowledge = () => {
    if (!gateway) return;
    setAcknowledging(true);
    gateway
      .call('endCelebratePartnerTier', {})
      .then(
        () =>
          gateway
            .call('celebratePartnerTier', {}, { refresh: true })
            .then(setAcknowledged, (error: unknown) =>
              reportCallFailure(error, prefix, 'CustomerTaskController.celebratePartnerTier'),
            ),
        (error: unknown) =>
          reportCallFailure(error, prefix, 'CustomerTaskController.endCelebratePartnerTier'),
      )
      .finally(() => setAcknowledging(false));
  };

  return (
    <PointsWidgetView
      view={pointsWidgetView(load)}
      tierData={data}
      onAcknowledge={acknowledge}
      acknowledging={acknowledging}
    />
  );
}
