import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import {
  BUILT_IN_PROVIDER_PATH,
  createBuiltInProvider,
  DEMO_SIGN_IN_PATH,
  demoAccount,
  demoSignInPage,
  plainPage,
  type BuiltInClient,
} from '~server/modules/identity';
import { CSRF_FIELD, CSRF_REJECTED, verifyCsrfToken } from './csrf.ts';
import { BODY_LIMITS } from './body-limits.ts';

type IncomingWithOriginalUrl = IncomingMessage & { originalUrl?: string };

/**
 * Mounts the built-in identity provider under /oidc and its sign-in page, and returns a fetch
 * that reaches the provider inside this process: the portal's own client never depends on
 * the server being able to call its public URL.
 */
export async function mountBuiltInProvider(
  app: FastifyInstance,
  options: {
    config: PortalConfig;
    database: PortalDatabase;
    client: BuiltInClient;
    issuer: string;
  },
): Promise<CustomFetch> {
  const { config } = options;
  const nonces = new WeakMap<IncomingMessage, string>();
  const provider = await createBuiltInProvider({
    issuer: options.issuer,
    db: options.database.db,
    sessionSecret: config.sessionSecret,
    prefix: config.prefix,
    client: options.client,
    nonceOf: (request) => nonces.get(request) ?? '',
  });
  const handle = provider.callback();

  async function toProvider(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.raw as IncomingWithOriginalUrl;
    // The provider reads the CSP (to add hashes for its inline scripts) and the other security
    // headers from the raw response, which it writes itself.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    }
    nonces.set(raw, request.cspNonce);
    raw.originalUrl = request.url;
    // The provider's own paths start with a slash: '/oidc?x' is its root with a query.
    const below = request.url.slice(BUILT_IN_PROVIDER_PATH.length);
    raw.url = below.startsWith('/') ? below : `/${below}`;
    reply.hijack();
    await handle(raw, reply.raw);
  }

  await app.register(async (scope) => {
    // The provider parses its own bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(BUILT_IN_PROVIDER_PATH, toProvider);
    scope.all(`${BUILT_IN_PROVIDER_PATH}/*`, toProvider);
  });

  function problemPage(reply: FastifyReply) {
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        plainPage({
          title: 'Sign-in expired',
          body: `<h1>This sign-in has expired</h1>
<p>Sign-in requests last a few minutes. Go back to the <a href="/">support site</a> and choose Sign in again.</p>`,
        }),
      );
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.signInForm },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { uid: string } }>(`${DEMO_SIGN_IN_PATH}/:uid`, async (request, reply) => {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw);
        if (interaction.uid !== request.params.uid) return problemPage(reply);
      } catch {
        return problemPage(reply);
      }
      void reply.header('Cache-Control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(
        demoSignInPage({
          action: `${DEMO_SIGN_IN_PATH}/${encodeURIComponent(request.params.uid)}`,
          csrfField: CSRF_FIELD,
          csrfToken: request.csrfToken(),
          brand: config.brand,
        }),
      );
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${DEMO_SIGN_IN_PATH}/:uid`,
      async (request, reply) => {
        const form = request.body ?? {};
        if (!verifyCsrfToken(request, form[CSRF_FIELD])) {
          return reply.status(403).send(CSRF_REJECTED);
        }
        const account = form.account ? demoAccount(form.account) : undefined;
        if (!account && form.cancel !== 'yes') {
          return reply.status(400).send({
            message: 'Choose one of the demo accounts to sign in.',
            errorCode: 'UNKNOWN_DEMO_ACCOUNT',
          });
        }
        let returnTo: string;
        try {
          const interaction = await provider.interactionDetails(request.raw, reply.raw);
          if (interaction.uid !== request.params.uid) return problemPage(reply);
          returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            account
              ? { login: { accountId: account.subject } }
              : { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
            { mergeWithLastSubmission: false },
          );
        } catch {
          return problemPage(reply);
        }
        return reply.redirect(returnTo, 303);
      },
    );
  });

  const site = new URL(config.siteUrl);
  return async (url, init) => {
    const target = new URL(url);
    const headers: Record<string, string> = {
      ...init.headers,
      host: site.host,
      'x-forwarded-proto': site.protocol.replace(':', ''),
    };
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const response = await app.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(body !== undefined ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        responseHeaders.append(name, String(item));
      }
    }
    return new Response(
      response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null,
      {
        status: response.statusCode,
        headers: responseHeaders,
      },
    );
  };
}
