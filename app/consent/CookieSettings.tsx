import { useId, useState } from 'react';
import {
  CONSENT_GROUP_CODES,
  GROUP_CATEGORY,
  consentGroupDescriptions,
  groupsForMethod,
  type ConsentGroupCode,
} from '~core/consent';
import { Button } from '../components/ui/Button.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { chooseConsent, closeCookieSettings, consentView } from './consent-store.ts';
import styles from './ConsentManager.module.css';

/**
 * The settings dialog: a switch per group, with what it is for and what it covers. It is
 * mounted only while open, so each opening starts from the consent in force; closing unmounts
 * it, which returns focus to where it was (Dialog).
 */
export default function CookieSettings({ prefix }: { prefix: string }) {
  const { consent } = consentView();
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
      open
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
