import { useEffect, useRef } from 'react';
import { reportError, track } from '../analytics/analytics.ts';
import { consentNow } from '../consent/consent-store.ts';
import { useCsrfToken } from '../csrf.ts';
import { useGateway } from '../gateway-client.ts';
import { useSiteConfig } from '../site.ts';
import type { SearchAnalyticsView, TrackingBlockSettings } from './content-view.ts';

/** Spec 2.4 item 1: invisible; it only reports the view of the page it sits on. */
export function TrackingBlock(settings: TrackingBlockSettings) {
  const gateway = useGateway();
  // Read when the view is sent: a token a guest is given later must not report the view again.
  const config = useSiteConfig();
  const csrfToken = useCsrfToken() || null;
  const sender = useRef({ config, csrfToken });
  useEffect(() => {
    sender.current = { config, csrfToken };
  });
  const key = JSON.stringify(settings);
  useEffect(() => {
    if (!gateway) return;
    // Spec 4: search analytics only under statistics consent; without it the client is not loaded.
    const logSearchView = (view: SearchAnalyticsView) => {
      const { config, csrfToken } = sender.current;
      if (config === undefined || !consentNow().statistics) return;
      import('../search/search-view.ts').then(
        ({ sendSearchView }) => sendSearchView({ gateway, config, csrfToken, view }),
        (error: unknown) => reportError(error, { source: 'TrackingBlock.searchView' }),
      );
    };
    const parsed = JSON.parse(key) as TrackingBlockSettings;
    const pathname = window.location.pathname;
    // What the view sets off comes after the page is shown, so its code does too.
    import('./content-view.ts').then(
      ({ trackContentView }) =>
        trackContentView(parsed, {
          pathname,
          sessionStorage: storageOrUndefined(),
          getTeamValue: (recordId) => gateway.call('getTeamValue', { recordId }),
          track: (fields) => track('content viewed', fields),
          logSearchView,
          reportError,
        }),
      (error: unknown) => reportError(error, { source: 'TrackingBlock.load' }),
    );
  }, [gateway, key]);
  return null;
}

function storageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
