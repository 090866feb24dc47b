import { useSyncExternalStore } from 'react';
import { sessionTimeLabel } from '~core/learning';

const noChanges = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
const noZone = () => null;

/**
 * A session's start in the visitor's time zone. The server does not know that zone, so the
 * server render shows the session's own zone and the browser shows its own once hydrated; both
 * carry the exact instant in dateTime.
 */
export function SessionTime({ startsAt, timeZone }: { startsAt: string; timeZone: string }) {
  const zone = useSyncExternalStore(noChanges, browserZone, noZone) ?? timeZone;
  return (
    <time dateTime={startsAt} data-time-zone={zone}>
      {sessionTimeLabel(startsAt, zone)}
    </time>
  );
}
