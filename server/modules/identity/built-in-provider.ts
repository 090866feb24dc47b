import type { IncomingMessage } from 'node:http';
import type { Kysely } from 'kysely';
import type { default as Provider, KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '~server/db/schema.ts';
import { derivedKey } from './derived-secrets.ts';
import { demoAccount } from './demo-accounts.ts';
import { databaseAdapter } from './oidc-adapter.ts';
import { builtInSigningKey } from './signing-key.ts';
import { escapeHtml } from '~core/content';
import { plainPage } from './plain-page.ts';

/** Where the built-in provider sends people to choose a demo account. */
export const DEMO_SIGN_IN_PATH = '/services/auth/demo-sign-in';

export interface BuiltInClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** The portal's own client of the built-in provider, derived from SESSION_SECRET. */
export function builtInClient(
  sessionSecret: string,
  redirectUri: string,
  postLogoutRedirectUri: string,
): BuiltInClient {
  return {
    clientId: 'help-portal',
    clientSecret: derivedKey(sessionSecret, 'built-in-client-secret').toString('base64url'),
    redirectUri,
    postLogoutRedirectUri,
  };
}

export interface BuiltInProviderOptions {
  issuer: string;
  db: Kysely<Database>;
  sessionSecret: string;
  prefix: string;
  client: BuiltInClient;
  /** The CSP nonce of the request being answered, for the provider's own pages. */
  nonceOf(request: IncomingMessage): string;
}

/**
 * The demo identity provider of the embedded default: OpenID Connect for the demo accounts,
 * with the portal as its one client. Its state lives in the portal database.
 */
export async function createBuiltInProvider(options: BuiltInProviderOptions): Promise<Provider> {
  // Loaded only when the built-in provider runs: importing the library prints a notice on a Node
  // it does not support, which must not precede a configuration error or appear where the
  // provider is off. 8.x supports Node 18 and later (docs/decisions/016-node-versions.md).
  const { default: Provider } = await import('oidc-provider');
  const { client } = options;
  const provider = new Provider(options.issuer, {
    adapter: databaseAdapter(options.db),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [builtInSigningKey(options.sessionSecret)] },
    cookies: {
      keys: [derivedKey(options.sessionSecret, 'built-in-provider-cookies').toString('base64url')],
      names: {
        session: `${options.prefix}_idp_session`,
        interaction: `${options.prefix}_idp_interaction`,
        resume: `${options.prefix}_idp_resume`,
      },
    },
    // The portal reads names and e-mail from the ID token; it never calls userinfo.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    async findAccount(_ctx: KoaContextWithOIDC, subject: string) {
      const account = demoAccount(subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        async claims() {
          return {
            sub: subject,
            name: `${account.firstName} ${account.lastName}`,
            given_name: account.firstName,
            family_name: account.lastName,
            email: account.email,
            email_verified: true,
          };
        },
      };
    },
    // The portal is a first-party client: signing in grants what it asks for, no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) =>
        `${DEMO_SIGN_IN_PATH}/${interaction.uid}`,
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = signingOutPage(form, options.nonceOf(ctx.req));
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = plainPage({
            title: 'Signed out',
            body: '<h1>Signed out</h1><p>You are signed out of the demo sign-in service.</p>',
          });
        },
      },
    },
    async renderError(ctx: KoaContextWithOIDC, out: { error?: string }) {
      ctx.type = 'html';
      ctx.body = plainPage({
        title: 'Sign-in problem',
        body: `<h1>Sign-in could not continue</h1>
<p>The demo sign-in service could not complete this request (${escapeHtml(out.error ?? 'error')}).</p>
<p><a href="/">Go back to the support site</a> and sign in again.</p>`,
      });
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 900,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
    },
  });
  // Behind a TLS-terminating proxy the scheme comes from X-Forwarded-Proto.
  provider.proxy = true;
  return provider;
}

/** The provider's logout confirmation, submitted at once: signing out of the portal said it all. */
function signingOutPage(form: string, nonce: string): string {
  return plainPage({
    title: 'Signing out',
    body: `<h1>Signing out</h1>
${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><button type="submit">Continue signing out</button></form>')}
<script nonce="${escapeHtml(nonce)}">document.getElementById('op.logoutForm').submit();</script>`,
  });
}
