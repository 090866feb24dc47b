import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useRegion } from '../region/RegionProvider.tsx';
import { useSiteConfig } from '../site.ts';
import {
  consentView,
  openCookieSettings,
  openSettingsOnFragment,
  serverConsentView,
  startConsent,
  subscribeToConsent,
} from './consent-store.ts';

// The dialog's code loads when it is first opened, the banner's on a first visit (or after a new
// policy version): most visits show neither.
const CookieSettings = lazy(() => import('./CookieSettings.tsx'));
const ConsentBanner = lazy(() => import('./ConsentBanner.tsx'));

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

  useEffect(() => startConsent(region), [region]);
  useEffect(openSettingsOnFragment, []);

  return (
    <>
      {bannerOpen ? (
        <Suspense fallback={null}>
          <ConsentBanner region={region} />
        </Suspense>
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
