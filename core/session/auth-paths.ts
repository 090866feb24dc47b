/** The portal's own sign-in endpoints (the start path is SSO_START_PATH in route-table.ts). */

/** Ends the session: a form post with the CSRF token, never a link. */
export const LOGOUT_PATH = '/services/auth/logout';

/** GET: the session's status (spec 2.7 timeout warning); asking is not activity. */
export const SESSION_STATUS_PATH = '/services/auth/session';

/** POST: 'Continue Working' — counts as activity and moves the idle deadline on. */
export const SESSION_EXTEND_PATH = '/services/auth/session/extend';
