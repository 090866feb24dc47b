import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { SSO_START_PATH } from '~core/routes';
import { sameSitePath } from '~core/session';
import { withoutInvisibleCharacters } from '~core/validation';
import type { Clock } from '~server/clock.ts';
import type { Database } from '~server/db/schema.ts';
import type { RelyingParty } from './relying-party.ts';
import { seal, unseal } from './sealed-value.ts';
import {
  endSession,
  startSession,
  type PortalSession,
  type SessionTimeouts,
} from './session.service.ts';
import { recordSignedInUser } from './user.service.ts';

/** A sign-in must come back from the provider within this time. */
export const SIGN_IN_FLOW_SECONDS = 600;

export interface SignInFlowSettings {
  db: Kysely<Database>;
  /** The provider name of the start path (SSO_PROVIDER). */
  provider: string;
  /** Undefined when no identity provider is configured. */
  relyingParty: RelyingParty | undefined;
  siteUrl: string;
  homePath: string;
  scopes: string;
  /** Ask the provider to show its sign-in page even with a session there (the demo chooser). */
  alwaysPrompt: boolean;
  flowKey: Buffer;
  timeouts: SessionTimeouts;
  /** Times the flow cookie and the session started at the callback. */
  clock: Clock;
}

interface FlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  startPath: string;
}

export type SignInProblem = 'unknown-provider' | 'not-configured' | 'unavailable';
export type SignInFailure = 'denied' | 'expired' | 'provider' | 'unavailable';

export type StartOutcome =
  { kind: 'redirect'; location: string; flowCookie: string } | { kind: SignInProblem };

export type CompleteOutcome =
  | { kind: 'signed-in'; location: string; sessionToken: string; session: PortalSession }
  | { kind: 'failed'; reason: SignInFailure; retryUrl: string }
  | { kind: 'unknown-provider' | 'not-configured' };

export function callbackPath(provider: string): string {
  return `${SSO_START_PATH}/${encodeURIComponent(provider)}/callback`;
}

function problemWith(settings: SignInFlowSettings, provider: string) {
  if (provider !== settings.provider) return 'unknown-provider' as const;
  if (!settings.relyingParty) return 'not-configured' as const;
  return undefined;
}

/** Starts the authorization-code flow (PKCE, state, nonce) and remembers it in a sealed cookie. */
export async function startSignIn(
  settings: SignInFlowSettings,
  provider: string,
  startUrl: string | null,
): Promise<StartOutcome> {
  const problem = problemWith(settings, provider);
  if (problem) return { kind: problem };
  let configuration: client.Configuration;
  try {
    configuration = await settings.relyingParty!.discover();
  } catch {
    return { kind: 'unavailable' };
  }
  const flow: FlowState = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    startPath: sameSitePath(startUrl, settings.homePath),
  };
  const location = client.buildAuthorizationUrl(configuration, {
    redirect_uri: `${settings.siteUrl}${callbackPath(provider)}`,
    scope: settings.scopes,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...(settings.alwaysPrompt ? { prompt: 'login' } : {}),
  });
  return {
    kind: 'redirect',
    location: location.href,
    flowCookie: seal(settings.flowKey, flow, SIGN_IN_FLOW_SECONDS, settings.clock.nowMs()),
  };
}

function isFlowState(value: unknown): value is FlowState {
  if (typeof value !== 'object' || value === null) return false;
  const flow = value as Record<string, unknown>;
  return ['state', 'nonce', 'codeVerifier', 'startPath'].every(
    (key) => typeof flow[key] === 'string',
  );
}

/** The person's names from the ID token, falling back to its name, username or e-mail. */
export function namesFrom(claims: client.IDToken): { firstName: string; lastName: string } {
  // A provider's name claims are shown on every post: invisible and bidi characters go.
  const text = (value: unknown) =>
    typeof value === 'string' ? withoutInvisibleCharacters(value).trim() : '';
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const name = text(claims.name);
    const split = name.lastIndexOf(' ');
    firstName = split > 0 ? name.slice(0, split) : name;
    lastName = split > 0 ? name.slice(split + 1) : '';
  }
  if (!firstName && !lastName) {
    firstName = text(claims.preferred_username) || text(claims.email).split('@')[0] || 'Member';
  }
  return { firstName, lastName };
}

/**
 * Finishes sign-in at the callback: checks state, nonce and PKCE, records the user by
 * (issuer, subject), and starts a brand-new session (the previous one, if any, is ended).
 */
export async function completeSignIn(
  settings: SignInFlowSettings,
  provider: string,
  callbackUrl: URL,
  flowCookie: string | undefined,
  previousSessionId: string | null,
): Promise<CompleteOutcome> {
  const problem = problemWith(settings, provider);
  if (problem === 'unknown-provider' || problem === 'not-configured') return { kind: problem };
  const flow = unseal(settings.flowKey, flowCookie, settings.clock.nowMs());
  const startPath = isFlowState(flow) ? flow.startPath : settings.homePath;
  const failed = (reason: SignInFailure): CompleteOutcome => ({
    kind: 'failed',
    reason,
    retryUrl: `${SSO_START_PATH}/${encodeURIComponent(provider)}?startURL=${encodeURIComponent(startPath)}`,
  });
  const error = callbackUrl.searchParams.get('error');
  if (error) return failed(error === 'access_denied' ? 'denied' : 'provider');
  if (!isFlowState(flow) || callbackUrl.searchParams.get('state') !== flow.state) {
    return failed('expired');
  }
  let configuration: client.Configuration;
  try {
    configuration = await settings.relyingParty!.discover();
  } catch {
    return failed('unavailable');
  }
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch {
    return failed('provider');
  }
  const claims = tokens.claims();
  if (!claims) return failed('provider');
  const signedInAt = settings.clock.now();
  const user = await recordSignedInUser(
    settings.db,
    {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      ...namesFrom(claims),
    },
    signedInAt,
  );
  if (previousSessionId) await endSession(settings.db, previousSessionId);
  const { token, session } = await startSession(
    settings.db,
    user,
    tokens.id_token ?? null,
    settings.timeouts,
    signedInAt,
  );
  return { kind: 'signed-in', location: flow.startPath, sessionToken: token, session };
}

/** Where to send a signed-out person so the provider ends its session too, when it offers that. */
export async function providerLogoutUrl(
  settings: SignInFlowSettings,
  idToken: string | null,
): Promise<string | undefined> {
  if (!idToken || !settings.relyingParty) return undefined;
  try {
    const configuration = await settings.relyingParty.discover();
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${settings.siteUrl}${settings.homePath}`,
    }).href;
  } catch {
    return undefined;
  }
}
