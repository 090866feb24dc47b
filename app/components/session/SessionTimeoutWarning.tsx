import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { LOGOUT_PATH, SESSION_WARNING_MS, warningDelayMs, type SessionStatus } from '~core/session';
import { ssoStartUrl } from '~core/routes';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import { useSiteConfig } from '~app/site.ts';
import { useViewer } from '~app/viewer.ts';
import { extendSession, fetchSessionStatus } from './session-status.ts';
import styles from './SessionTimeoutWarning.module.css';

/** Which deadline a schedule follows: the page's, or the one 'Continue Working' returned. */
interface Schedule {
  /** The page's own value it replaces; a newer page value wins over it. */
  forPage: number | null;
  expiresInMs: number;
  generation: number;
}

/**
 * Spec 2.7 "Session timeout warning": about 30 seconds before an idle session ends, a modal
 * dialog offers to continue. Before showing it, the server is asked again, so activity in
 * another tab (which moved the deadline on) keeps this one quiet.
 */
export function SessionTimeoutWarning() {
  const viewer = useViewer();
  const config = useSiteConfig();
  const csrfToken = useCsrfToken();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  const [extended, setExtended] = useState<Schedule | null>(null);
  const [warning, setWarning] = useState<Omit<Schedule, 'expiresInMs'> | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);

  const pageExpiresInMs = viewer.isGuest ? null : viewer.sessionExpiresInMs;
  const schedule: Schedule | null =
    extended && extended.forPage === pageExpiresInMs
      ? extended
      : pageExpiresInMs === null
        ? null
        : { forPage: pageExpiresInMs, expiresInMs: pageExpiresInMs, generation: 0 };
  const showWarning =
    schedule !== null &&
    !timedOut &&
    warning?.generation === schedule.generation &&
    warning.forPage === schedule.forPage;

  const follow = useCallback(
    (status: SessionStatus | null) => {
      if (status === null) return;
      if (status.isGuest || status.expiresInMs <= 0) {
        setTimedOut(true);
        // The header follows the server, which now sees a guest.
        void revalidate();
        return;
      }
      setWarning(null);
      setExtended((previous) => ({
        forPage: pageExpiresInMs,
        expiresInMs: status.expiresInMs,
        generation: (previous?.generation ?? 0) + 1,
      }));
    },
    [pageExpiresInMs, revalidate],
  );

  useEffect(() => {
    if (schedule === null || timedOut) return;
    const { expiresInMs, generation, forPage } = schedule;
    const endsAt = Date.now() + expiresInMs;
    let timer = window.setTimeout(check, warningDelayMs(expiresInMs, SESSION_WARNING_MS));
    let cancelled = false;

    // Asks the server before warning and again at the end: another tab may have moved it on.
    async function check() {
      const status = await fetchSessionStatus();
      if (cancelled) return;
      const left = status === null ? endsAt - Date.now() : status.isGuest ? 0 : status.expiresInMs;
      if (left <= 0) {
        follow({ isGuest: true });
        return;
      }
      if (status !== null && !status.isGuest && left > status.warnBeforeMs) {
        follow(status);
        return;
      }
      setWarning({ generation, forPage });
      timer = window.setTimeout(check, left);
    }

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
    // The schedule is identified by its generation and deadline; its object is rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schedule?.generation, schedule?.expiresInMs, timedOut, follow]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (showWarning && !element.open) element.showModal();
    if (!showWarning && element.open) element.close();
  }, [showWarning]);

  useEffect(() => {
    if (timedOut) notice.current?.focus();
  }, [timedOut]);

  const continueWorking = useCallback(() => {
    void extendSession().then(follow);
  }, [follow]);

  const here = `${location.pathname}${location.search}`;
  return (
    <>
      {timedOut ? (
        <div className={styles.notice} role="alert">
          <p ref={notice} tabIndex={-1}>
            Your session has timed out.{' '}
            <a href={ssoStartUrl(config?.ssoProvider ?? 'portal', here)}>Try again.</a>
          </p>
        </div>
      ) : null}
      {viewer.isGuest ? null : (
        <dialog
          ref={dialog}
          className={styles.dialog}
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="session-timeout-title"
          aria-describedby="session-timeout-text"
          onCancel={(event) => {
            // Escape means 'Continue Working', never a silent logout.
            event.preventDefault();
            continueWorking();
          }}
        >
          <h2 id="session-timeout-title" className={styles.title}>
            Still there?
          </h2>
          <p id="session-timeout-text">
            For security, we suspend your session if you&apos;re inactive too long. If you
            don&apos;t click Continue Working within approximately 30 seconds, we log you out.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={continueWorking} autoFocus>
              Continue Working
            </button>
            <form method="post" action={LOGOUT_PATH}>
              <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
              <button type="submit" className={styles.secondary}>
                Log Out
              </button>
            </form>
          </div>
        </dialog>
      )}
    </>
  );
}
