import { useState } from 'react';
import type { PartnerTierData } from '~core/partner';
import {
  pointsWidgetView,
  type PointsWidgetView as WidgetView,
  type TierDataLoad,
} from '~core/partner';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { useSiteConfig } from '../site.ts';
import { reportCallFailure, useRemoteMethod } from './use-remote-method.ts';
import { PointsSummary, type PointsSummaryProps } from './PointsSummary.tsx';
import styles from './PointsWidget.module.css';

/** What the widget shows for a state; the gallery renders each state through it. */
export function PointsWidgetView({
  view,
  ...summary
}: { view: WidgetView } & Omit<PointsSummaryProps, 'view'>) {
  if (view.kind === 'loading') {
    return (
      <div className={styles.widget} aria-busy="true">
        <Skeleton layout="contentCard" label="Loading your points" />
      </div>
    );
  }
  return <PointsSummary view={view} {...summary} />;
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
