import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import {
  builtInIssuer,
  demoAccount,
  NO_USER_DATA,
  saveUser,
  startSession,
  type PortalUser,
  type UserData,
} from '~server/modules/identity';
import { sessionCookieName } from '~server/http/session.ts';
import { testConfig } from './config.ts';

export interface SignedInSession {
  /** The Cookie header value: `cookie: signedIn.cookie` on an inject or fetch call. */
  cookie: string;
  /** Send as the x-csrf-token header (or `_csrf` form field) on state-changing requests. */
  csrfToken: string;
  /** The session's id: the visitor key that search tokens are bound to. */
  sessionId: string;
  user: PortalUser;
}

export type UserFields = Partial<UserData> & {
  subject: string;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  issuer?: string;
};

/**
 * Signs a user in without the browser round trip: creates (or updates) the user and a real
 * session row, and returns what a request needs to act as them. Pass a demo subject
 * ('demo-partner-primary') to get that demo account with its user data, or user fields.
 * The session starts at the clock's time: pass the portal's test clock to move it on later.
 */
export async function signInAs(
  database: PortalDatabase,
  who: string | UserFields,
  config: PortalConfig = testConfig(),
  clock: Clock = systemClock,
): Promise<SignedInSession> {
  const fields: UserFields = typeof who === 'string' ? { subject: who } : who;
  const demo = demoAccount(fields.subject);
  const data: UserData = { ...NO_USER_DATA, ...demo?.data, ...fieldsData(fields) };
  const user = await saveUser(
    database.db,
    {
      issuer: fields.issuer ?? builtInIssuer(config.siteUrl),
      subject: fields.subject,
      email: fields.email !== undefined ? fields.email : (demo?.email ?? null),
      firstName: fields.firstName ?? demo?.firstName ?? 'Test',
      lastName: fields.lastName ?? demo?.lastName ?? 'User',
    },
    data,
  );
  const { token, session } = await startSession(
    database.db,
    user,
    null,
    config.session,
    clock.now(),
  );
  return {
    cookie: `${sessionCookieName(config.prefix)}=${token}`,
    csrfToken: session.csrfToken,
    sessionId: session.id,
    user,
  };
}

function fieldsData(fields: UserFields): Partial<UserData> {
  const keys: Array<keyof UserData> = [
    'isPartner',
    'isPrimaryContact',
    'isPrincipalContact',
    'market',
    'partnerProductInterestClient',
    'partnerProductInterestPractice',
    'canViewSetup',
    'isAgent',
    'organisationId',
  ];
  return Object.fromEntries(
    keys.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]),
  );
}

interface InjectTarget {
  inject: FastifyInstance['inject'];
}

/**
 * A page's GET, as a guest or a signed-in person, and its form POST with the person's CSRF
 * token, over `app.inject`. `app` is read on each call, so it may be assigned in `beforeAll`.
 */
export function pageRequests(app: () => InjectTarget) {
  return {
    get: (url: string, who?: SignedInSession) =>
      app().inject({ url, headers: who ? { cookie: who.cookie } : {} }),
    /**
     * The form carries the session's CSRF token unless it names its own `_csrf` (a forgery),
     * or goes without `who` or with `csrf: false`.
     */
    post: (
      url: string,
      who: SignedInSession | undefined,
      fields: Record<string, string> | ReadonlyArray<[string, string]>,
      { csrf = true }: { csrf?: boolean } = {},
    ) => {
      const entries = Array.isArray(fields) ? fields : Object.entries(fields);
      const ownToken = entries.some(([name]) => name === '_csrf');
      return app().inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(who ? { cookie: who.cookie } : {}),
        },
        payload: new URLSearchParams([
          ...(who && csrf && !ownToken ? [['_csrf', who.csrfToken] as [string, string]] : []),
          ...entries,
        ]).toString(),
      });
    },
  };
}
