import { useEffect } from 'react';
import { configureAnalytics, flushAnalytics, reportError } from './analytics.ts';

/**
 * Uncaught errors are listened for as soon as the page's code loads, not after hydration, so a
 * failure while the page hydrates is reported too; reports wait in the client until it knows
 * the CSRF token.
 */
function listenForUncaughtErrors(): void {
  window.addEventListener('error', (event: ErrorEvent) =>
    reportError(event.error ?? event.message, { source: 'window.error' }),
  );
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) =>
    reportError(event.reason, { source: 'unhandledrejection' }),
  );
}

if (typeof window !== 'undefined') listenForUncaughtErrors();

/**
 * Starts the page's analytics once the CSRF token is known: waiting events and reports go out,
 * and the last events are sent when the page is hidden or left.
 */
export function AnalyticsSetup({ csrfToken }: { csrfToken: string }) {
  useEffect(() => {
    configureAnalytics(csrfToken);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushAnalytics();
    };
    const onPageHide = () => flushAnalytics();
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [csrfToken]);
  return null;
}
