import { useEffect, useState, type ComponentType } from 'react';
import { reportError } from '~app/analytics/analytics.ts';
import { useViewer } from '~app/viewer.ts';

/**
 * Spec 2.7's session timeout warning, loaded in the browser once a visitor has a session: a
 * guest's page never needs it, and the closed dialog shows nothing until then. Once loaded it
 * stays, so the notice that the session timed out outlives the visitor becoming a guest. (Loaded
 * by hand rather than through Suspense, whose reveal waits on a timer.)
 */
export function SessionWarningForViewer() {
  const viewer = useViewer();
  const [Warning, setWarning] = useState<ComponentType>();
  const wanted = !viewer.isGuest || Warning !== undefined;
  useEffect(() => {
    if (!wanted || Warning) return;
    let live = true;
    import('./SessionTimeoutWarning.tsx').then(
      (module) => {
        if (live) setWarning(() => module.SessionTimeoutWarning);
      },
      (error: unknown) => reportError(error, { source: 'SessionTimeoutWarning.load' }),
    );
    return () => {
      live = false;
    };
  }, [wanted, Warning]);
  return Warning ? <Warning /> : null;
}
