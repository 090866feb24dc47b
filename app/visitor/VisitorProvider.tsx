import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { reportError } from '../analytics/analytics.ts';
import { consentNow } from '../consent/consent-store.ts';
import { pushToDataLayer } from '../analytics/data-layer.ts';
import { useCsrfToken } from '../csrf.ts';
import { useViewer } from '../viewer.ts';
import { pageViewEvent } from './page-view.ts';
import type { VisitorUserData } from './user-data.ts';

export type UserDataStatus = 'guest' | 'loading' | 'ready' | 'failed';

export interface VisitorState {
  isGuest: boolean;
  /** The merged user data of a signed-in visitor; null for guests, while loading and on failure. */
  userData: VisitorUserData | null;
  status: UserDataStatus;
}

const VisitorContext = createContext<VisitorState | undefined>(undefined);

/**
 * Loads a signed-in visitor's user data. The gateway caller and its parameter schemas are
 * fetched with it, so guests' pages never download them.
 */
async function fetchUserData(prefix: string, csrfToken: string | null) {
  const [{ visitorGateway }, { loadUserData }] = await Promise.all([
    import('../gateway-client.ts'),
    import('./user-data.ts'),
  ]);
  return loadUserData(visitorGateway({ prefix, csrfToken }), { prefix, report: reportError });
}

/**
 * The visitor context (spec 3 and 4). Whether the visitor is a guest is known from the server's
 * render; only a signed-in visitor's user data is fetched, after that is known. Each page view
 * is pushed to the tag manager's data layer once the user data has settled.
 */
export function VisitorProvider({ prefix, children }: { prefix: string; children: ReactNode }) {
  const { isGuest } = useViewer();
  const csrfToken = useCsrfToken() || null;
  const session = `${prefix}\n${csrfToken ?? ''}`;
  const [loaded, setLoaded] = useState<{
    session: string;
    userData: VisitorUserData | null;
  } | null>(null);

  useEffect(() => {
    if (isGuest) return;
    let current = true;
    fetchUserData(prefix, csrfToken).then(
      (userData) => {
        if (current) setLoaded({ session, userData });
      },
      (error: unknown) => {
        reportError(error, { source: 'visitor.userData' });
        if (current) setLoaded({ session, userData: null });
      },
    );
    return () => {
      current = false;
    };
  }, [isGuest, prefix, csrfToken, session]);

  const settled = isGuest || loaded?.session === session;
  const userData = !isGuest && settled ? (loaded?.userData ?? null) : null;
  const status: UserDataStatus = isGuest
    ? 'guest'
    : !settled
      ? 'loading'
      : userData
        ? 'ready'
        : 'failed';

  const location = useLocation();
  const pushedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!settled) return;
    const page = `${location.pathname}${location.search}`;
    if (pushedFor.current === page) return;
    pushedFor.current = page;
    pushToDataLayer(pageViewEvent(isGuest, userData), consentNow());
  }, [settled, isGuest, userData, location.pathname, location.search]);

  const value = useMemo(() => ({ isGuest, userData, status }), [isGuest, userData, status]);
  return <VisitorContext.Provider value={value}>{children}</VisitorContext.Provider>;
}

/** The visitor context; undefined outside the provider (the root error page). */
export function useVisitor(): VisitorState | undefined {
  return useContext(VisitorContext);
}
