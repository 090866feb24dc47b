import { useId } from 'react';
import { consentRegime, groupsForMethod } from '~core/consent';
import type { Region } from '~core/regions';
import { Button } from '../components/ui/Button.tsx';
import { chooseConsent, openCookieSettings } from './consent-store.ts';
import styles from './ConsentManager.module.css';

/** The first visit's question (or a new policy version's), in the words of the region's regime. */
export default function ConsentBanner({ region }: { region: Region }) {
  const headingId = useId();
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.bannerInner}>
        <div className={styles.bannerText}>
          <h2 id={headingId} className={styles.bannerHeading}>
            Cookies on this site
          </h2>
          <p className={styles.bannerBody}>
            {consentRegime(region) === 'opt-in'
              ? 'We use strictly necessary cookies to run this site. With your permission we would also remember your preferences, count visits and searches, and let partners show you our offers.'
              : 'We use cookies to run this site, remember your preferences and count visits and searches; partners may show you our offers. You can refuse any of these now or later.'}
          </p>
        </div>
        <div className={styles.bannerActions}>
          <Button
            label="Accept all"
            onClick={() => chooseConsent(groupsForMethod('accept-all'), 'accept-all')}
          />
          <Button label="Reject all" onClick={() => chooseConsent([], 'reject-all')} />
          <Button label="Choose" onClick={openCookieSettings} />
        </div>
      </div>
    </section>
  );
}
