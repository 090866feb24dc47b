import { SESSION_EXTEND_PATH, SESSION_STATUS_PATH } from '~core/session';
import type { SessionStatus } from '~core/session';
import { csrfHeaders } from '~app/csrf.ts';

/** The session as the server sees it now; null when the server could not be asked. */
export async function fetchSessionStatus(): Promise<SessionStatus | null> {
  try {
    const response = await fetch(SESSION_STATUS_PATH, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    return response.ok ? ((await response.json()) as SessionStatus) : null;
  } catch {
    return null;
  }
}

/** 'Continue Working': the session's new status, or a guest status once it has ended. */
export async function extendSession(): Promise<SessionStatus | null> {
  try {
    const response = await fetch(SESSION_EXTEND_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', ...csrfHeaders() },
    });
    if (response.status === 401) return { isGuest: true };
    return response.ok ? ((await response.json()) as SessionStatus) : null;
  } catch {
    return null;
  }
}
