import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import {
  CONSENT_GROUP_CODES,
  GROUP_CATEGORY,
  consentGroupDescriptions,
  consentRegime,
  groupsForMethod,
  type ConsentGroupCode,
} from '~core/consent';
import { Button } from '../components/ui/Button.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { useRegion } from '../region/RegionProvider.tsx';
import { useSiteConfig } from '../site.ts';
import {
  chooseConsent,
  closeCookieSettings,
  consentView,
  openCookieSettings,
  serverConsentView,
  startConsent,
  subscribeToConsent,
} from './consent-store.ts';
import styles from './ConsentManager.module.css';

function useConsentView() {
  return useSyncExternalStore(subscribeToConsent, consentView, serverConsentView);
}

/**
 * The settings dialog: a switch per group, with what it is for and what it covers. It is
 * mounted afresh on each opening (keyed by it), so the switches start from the consent in force.
 */
function CookieSettings({ prefix }: { prefix: string }) {
  const { settingsOpen, consent } = useConsentView();
  const [chosen, setChosen] = useState<ReadonlySet<ConsentGroupCode>>(
    () => new Set(CONSENT_GROUP_CODES.filter((code) => consent[GROUP_CATEGORY[code]])),
  );
  const id = useId();
  const toggle = (code: ConsentGroupCode, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    setChosen(next);
  };
  return (
    <Dialog
      open={settingsOpen}
      onClose={closeCookieSettings}
      title="Cookie settings"
      className={styles.settings}
      footer={
        <>
          <Button label="Reject all" onClick={() => chooseConsent([], 'reject-all')} />
          <Button
            label="Save choices"
            variant="main"
            onClick={() =>
              chooseConsent(
                CONSENT_GROUP_CODES.filter((code) => chosen.has(code)),
                'choose',
              )
            }
          />
          <Button
            label="Accept all"
            onClick={() => chooseConsent(groupsForMethod('accept-all'), 'accept-all')}
          />
        </>
      }
    >
      <p className={styles.intro}>
        Choose which cookies and similar storage this site may use. You can change this at any time
        from “Cookie settings” at the bottom of every page.
      </p>
      <ul className={styles.groups}>
        {consentGroupDescriptions(prefix).map((group) => {
          const inputId = `${id}-${group.code ?? 'necessary'}`;
          return (
            <li key={group.name} className={styles.group}>
              <div className={styles.groupHeader}>
                <input
                  id={inputId}
                  type="checkbox"
                  className={styles.check}
                  checked={group.code ? chosen.has(group.code) : true}
                  disabled={!group.code}
                  aria-describedby={`${inputId}-about`}
                  onChange={(event) => group.code && toggle(group.code, event.target.checked)}
                />
                <label htmlFor={inputId} className={styles.groupName}>
                  {group.name}
                  {group.code ? null : <span className={styles.always}> (always on)</span>}
                </label>
              </div>
              <p id={`${inputId}-about`} className={styles.about}>
                {group.description} <span className={styles.covers}>Covers:</span>{' '}
                {group.cookies.join(', ')}.
              </p>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
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
  const banner = useRef<HTMLElement>(null);

  useEffect(() => startConsent(region), [region]);

  return (
    <>
      {bannerOpen ? (
        <section ref={banner} className={styles.banner} aria-labelledby={headingId}>
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
      <CookieSettings key={String(settingsOpen)} prefix={prefix} />
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
