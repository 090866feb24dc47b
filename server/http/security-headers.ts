import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { VIDEO_EMBED_ORIGINS } from '~core/content';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This response's CSP nonce: every inline script the page renders carries it. Empty for a
     * page any guest may share, whose policy names its inline scripts by hash instead.
     */
    cspNonce: string;
  }
  interface FastifyReply {
    /**
     * Allows the page's inline scripts by their hashes (`'sha256-…'`) rather than by this
     * request's nonce, so the page can be sent to many visitors as it is (decision 021).
     */
    allowScriptsByHash(hashes: readonly string[]): void;
  }
}

function contentSecurityPolicy(scriptSources: readonly string[], secureSite: boolean): string {
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptSources].join(' '),
    // Style attributes (progress bars, avatar colours) are data-driven, so inline styles stay allowed;
    // a nonce in style-src would switch 'unsafe-inline' off.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    // Articles may embed a video from these players, and only from them (see core/rich-text).
    `frame-src ${VIDEO_EMBED_ORIGINS.join(' ')}`,
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ];
  if (secureSite) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * The headers of an answer given before any hook ran (Fastify's own errors, such as an address
 * it cannot read): a page of the portal's own words with inline styles and no script, so its
 * policy allows nothing else; framing and sniffing are refused as on every other page.
 */
export const PRE_ROUTING_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'same-origin',
} as const;

/**
 * Helmet's headers, and a Content Security Policy with a fresh nonce per request. The dev server
 * skips the policy: Vite's hot reload injects inline scripts of its own.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { enforcePolicy: boolean; secureSite: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: options.secureSite,
    // No referrer leaves the site, but the portal's own requests name their origin, which is
    // what a guest's request is checked by (csrf.ts).
    referrerPolicy: { policy: 'same-origin' },
  });
  app.decorateRequest('cspNonce', '');
  app.decorateReply('allowScriptsByHash', function (this: FastifyReply, hashes: readonly string[]) {
    if (!options.enforcePolicy) return;
    const sources = hashes.map((hash) => `'${hash}'`);
    this.header('Content-Security-Policy', contentSecurityPolicy(sources, options.secureSite));
  });
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64');
    if (options.enforcePolicy) {
      reply.header(
        'Content-Security-Policy',
        contentSecurityPolicy([`'nonce-${request.cspNonce}'`], options.secureSite),
      );
    }
  });
}
