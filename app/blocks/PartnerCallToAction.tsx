import type { ReactNode } from 'react';
import { Button } from '../components/ui/Button.tsx';
import { useSite } from '../site.ts';
import { PointsWidget } from './PointsWidget.tsx';
import styles from './PartnerCallToAction.module.css';

export const PARTNER_CTA_HEADING = 'Access exclusive partner benefits';
export const PARTNER_DASHBOARD_LABEL = 'Partner dashboard';

export function partnerCtaBody(brand: string): string {
  return `Gain access to software, resources and walkthroughs to help your practice get the most out of ${brand}.`;
}

/**
 * Spec 2.4 item 4: the partner call to action beside the points widget. The widget slot is
 * open so the gallery can show the widget's states without calling the server.
 */
export function PartnerCallToAction({ widget }: { widget?: ReactNode }) {
  const site = useSite();
  if (!site) return null;
  return (
    <div className={styles.partnerCta}>
      <div className={styles.text}>
        <h2 className={styles.heading}>{PARTNER_CTA_HEADING}</h2>
        <p className={styles.body}>{partnerCtaBody(site.config.brand)}</p>
        <Button
          label={PARTNER_DASHBOARD_LABEL}
          variant="main"
          href={site.contract.path('partners') ?? '/0/partners'}
        />
      </div>
      <div className={styles.widget}>{widget ?? <PointsWidget />}</div>
    </div>
  );
}
