import { describe, expect, it } from 'vitest';
import { parseConfig } from '~server/config.ts';
import { builtInSigningKey } from './signing-key.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';

function settings(env: NodeJS.ProcessEnv) {
  const result = parseConfig({ SESSION_SECRET: SECRET, ...env });
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

function problem(env: NodeJS.ProcessEnv): string | undefined {
  const result = parseConfig({ SESSION_SECRET: SECRET, ...env });
  return result.ok ? undefined : result.message;
}

describe('sign-in and session configuration', () => {
  it('defaults: 30-minute idle and 12-hour absolute timeouts, 20 sign-ins a minute', () => {
    const config = settings({});
    expect(config.session).toEqual({ idleTimeoutSeconds: 1800, absoluteTimeoutSeconds: 43200 });
    expect(config.signIn).toEqual({
      builtInProvider: true,
      scopes: 'openid profile email',
      rateLimitPerMinute: 20,
    });
  });

  it('runs the built-in provider in production only when asked', () => {
    expect(settings({ NODE_ENV: 'production' }).signIn.builtInProvider).toBe(false);
    expect(
      settings({ NODE_ENV: 'production', BUILT_IN_SIGN_IN: 'true' }).signIn.builtInProvider,
    ).toBe(true);
    expect(settings({ BUILT_IN_SIGN_IN: 'false' }).signIn.builtInProvider).toBe(false);
  });

  it('signs in at an external provider when OIDC_ISSUER is set, keeping the issuer exactly', () => {
    const config = settings({
      OIDC_ISSUER: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'shh',
      OIDC_SCOPES: 'openid profile',
    });
    expect(config.signIn).toEqual({
      builtInProvider: false,
      external: { issuer: 'https://tenant.auth0.com/', clientId: 'portal', clientSecret: 'shh' },
      scopes: 'openid profile',
      rateLimitPerMinute: 20,
    });
  });

  it.each([
    [{ OIDC_ISSUER: 'https://idp.example' }, 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set'],
    [
      { OIDC_ISSUER: 'idp.example', OIDC_CLIENT_ID: 'x' },
      'OIDC_ISSUER must be an absolute http(s) URL',
    ],
    [{ BUILT_IN_SIGN_IN: 'yes' }, 'BUILT_IN_SIGN_IN must be true or false'],
    [
      { SESSION_IDLE_TIMEOUT_SECONDS: '0' },
      'SESSION_IDLE_TIMEOUT_SECONDS must be at least 1 second',
    ],
    [
      { SESSION_IDLE_TIMEOUT_SECONDS: 'soon' },
      'SESSION_IDLE_TIMEOUT_SECONDS must be a whole number of seconds',
    ],
    [
      { SESSION_IDLE_TIMEOUT_SECONDS: '600', SESSION_ABSOLUTE_TIMEOUT_SECONDS: '300' },
      'SESSION_ABSOLUTE_TIMEOUT_SECONDS must not be shorter than SESSION_IDLE_TIMEOUT_SECONDS',
    ],
    [{ SIGN_IN_RATE_LIMIT: '0' }, 'SIGN_IN_RATE_LIMIT must be at least 1'],
  ])('refuses %o', (env, message) => {
    expect(problem(env)).toBe(message);
  });
});

describe("the built-in provider's signing key", () => {
  it('is the same for the same secret (every process signs alike) and differs per secret', () => {
    const key = builtInSigningKey(SECRET);
    expect(builtInSigningKey(SECRET)).toEqual(key);
    expect(builtInSigningKey(`${SECRET}-other`).d).not.toBe(key.d);
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(Buffer.from(key.d, 'base64url')).toHaveLength(32);
  });
});
