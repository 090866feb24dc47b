import { useViewer } from '~app/viewer.ts';
import { useElementWhen } from '../use-element-when.ts';

const loadWarning = () =>
  import('./SessionTimeoutWarning.tsx').then((module) => module.SessionTimeoutWarning);

/**
 * Spec 2.7's session timeout warning, loaded in the browser once a visitor has a session: a
 * guest's page never needs it, and the closed dialog shows nothing until then. Once loaded it
 * stays, so the notice that the session timed out outlives the visitor becoming a guest.
 */
export function SessionWarningForViewer() {
  const viewer = useViewer();
  return useElementWhen(!viewer.isGuest, loadWarning, 'SessionTimeoutWarning.load');
}
