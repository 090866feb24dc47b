import { useEffect } from 'react';
import { reportError, track } from '../analytics/analytics.ts';
import { useGateway } from '../gateway-client.ts';
import type { TrackingBlockSettings } from './content-view.ts';

/** Spec 2.4 item 1: invisible; it only reports the view of the page it sits on. */
export function TrackingBlock(settings: TrackingBlockSettings) {
  const gateway = useGateway();
  const key = JSON.stringify(settings);
  useEffect(() => {
    if (!gateway) return;
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
