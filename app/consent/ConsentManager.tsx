import { lazy, Suspense, useEffect, useId, useSyncExternalStore } from 'react';
import { consentRegime, groupsForMethod } from '~core/consent';
import { Button } from '../components/ui/Button.tsx';
import { useRegion } from '../region/RegionProvider.tsx';
import { useSiteConfig } from '../site.ts';
import {
  chooseConsent,
  consentView,
  openCookieSettings,
  openSettingsOnFragment,
  serverConsentView,
  startConsent,
  subscribeToConsent,
} from './consent-store.ts';
import styles from './ConsentManager.module.css';

// The dialog's code loads when it is first opened: most visits never open it.
const CookieSettings = lazy(() => import('./CookieSettings.tsx'));

function useConsentView() {
  return useSyncExternalStore(subscribeToConsent, consentView, serverConsentView);
}

/**
 * The consent manager: a banner on a first visit (or after a new policy version) and the
 * settings dialog. It decides in the browser, from the cookie, so the page HTML is the same for
 * every guest; the banner is fixed over the bottom of the window, so nothing on the page moves.
 */
export function ConsentManager() {
  const region = useRegion()?.region ?? 'ROW';
  const prefix = useSiteConfig()?.prefix ?? 'portal';
  const { bannerOpen, settingsOpen, announcement } = useConsentView();
  const headingId = useId();

  useEffect(() => startConsent(region), [region]);
  useEffect(openSettingsOnFragment, []);

  return (
    <>
      {bannerOpen ? (
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
      ) : null}
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
      {settingsOpen ? (
        <Suspense fallback={null}>
          <CookieSettings prefix={prefix} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The footer's way back to the choice: opens the settings dialog. */
export function CookieSettingsLink({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openCookieSettings}>
      Cookie settings
    </button>
  );
}
