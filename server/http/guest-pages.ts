import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { initialRegion, regionCookieName } from '~core/regions';
import { readCookie } from '~core/site';
import { acceptedEncoding } from './compression.ts';
import { GuestPageCache, sharedPage, type SharedPage } from './guest-page-cache.ts';
import { inlineScriptHashes } from './inline-scripts.ts';

/** What rendering a page came to: a response, or a fault the server answers itself. */
export type RenderOutcome =
  { kind: 'response'; response: Response } | { kind: 'fault'; error: unknown };

/** Says in each answer where it came from, for operators and tests. */
export const CACHE_HEADER = 'x-portal-cache';

export interface GuestPagesOptions {
  prefix: string;
  /** How long a guest's page is served without rendering; 0 turns the cache off. */
  freshSeconds: number;
  /** How long browsers and shared caches may go on serving it while they fetch a new one. */
  staleSeconds: number;
  maxBytes: number;
  nowMs: () => number;
}

export interface GuestPages {
  /** Whether this request gets a page that any guest of its region may share. */
  shareable(request: FastifyRequest): boolean;
  /**
   * Answers a shareable request from the cache, rendering at most once per burst. `render` makes
   * the page a GET gets, for a HEAD too, so that a HEAD says what a GET would.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    render: () => Promise<RenderOutcome>,
    answerFault: (error: unknown) => void,
  ): Promise<void>;
  /** Content has changed: no page rendered before now is served as fresh again. */
  invalidate(): void;
}

/** Response headers that decide a page may not be shared as it is. */
function keepsToItself(response: Response): boolean {
  if (response.status !== 200) return true;
  if (response.headers.getSetCookie().length > 0) return true;
  const policy = response.headers.get('cache-control') ?? '';
  return /\b(?:private|no-store)\b/i.test(policy);
}

async function bodyOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };

function encodedBody(page: SharedPage, encoding: 'br' | 'gzip'): Buffer {
  return (
    page.encoded[encoding] ??
    (encoding === 'br' ? zlib.brotliCompressSync(page.body, BROTLI) : zlib.gzipSync(page.body))
  );
}

/**
 * A guest's page that is not for sharing (a 404, a redirect, one that sets a cookie), sent to
 * its visitor alone. It was rendered without a nonce like every guest's page, so it is read
 * whole and its inline scripts are allowed by hash.
 */
async function sendUnshared(reply: FastifyReply, response: Response): Promise<void> {
  const body = await bodyOf(response);
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.allowScriptsByHash(inlineScriptHashes(body.toString()));
  await reply.send(body);
}

/**
 * Guests' pages: rendered without a nonce, their inline scripts allowed by hash, kept for a few
 * seconds per address and region, and sent with a public Cache-Control (decision 021). Signed-in
 * visitors never reach this: their pages are rendered for them alone.
 */
export function guestPages(options: GuestPagesOptions): GuestPages {
  const freshMs = options.freshSeconds * 1_000;
  const cache = new GuestPageCache({
    freshMs,
    keepMs: 60 * 60 * 1_000,
    maxBytes: options.maxBytes,
    nowMs: options.nowMs,
  });
  const publicPolicy = `public, max-age=${options.freshSeconds}, stale-while-revalidate=${options.staleSeconds}`;

  const keyOf = (request: FastifyRequest) => {
    const region = initialRegion({
      cookieValue: readCookie(request.headers.cookie, regionCookieName(options.prefix)),
      acceptLanguage: request.headers['accept-language'] ?? null,
    });
    return `${request.host}${request.url}\n${region}`;
  };

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: SharedPage,
    how: 'hit' | 'miss' | 'stale',
    key: string,
  ): Promise<void> {
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.allowScriptsByHash(page.scriptHashes);
    reply
      .header('cache-control', how === 'stale' ? 'no-cache' : publicPolicy)
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('etag', page.etag)
      .header(CACHE_HEADER, how);
    if (request.headers['if-none-match'] === page.etag) {
      await reply.status(304).send();
      return;
    }
    reply.status(page.status);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    let body = page.body;
    if (encoding !== undefined) {
      body = encodedBody(page, encoding);
      if (page.encoded[encoding] !== body) cache.storeEncoded(key, page, encoding, body);
      reply.header('content-encoding', encoding);
    }
    reply.header('content-length', body.length);
    await reply.send(request.method === 'HEAD' ? null : body);
  }

  return {
    shareable(request) {
      if (options.freshSeconds <= 0) return false;
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (request.headers.authorization !== undefined) return false;
      return !request.portalSession && request.viewer?.isGuest === true;
    },

    async serve(request, reply, render, answerFault) {
      const key = keyOf(request);
      const kept = cache.lookup(key);
      if (kept?.fresh) return send(request, reply, kept.page, 'hit', key);

      // Pages for many are made without this request's nonce; their policy lists hashes.
      request.cspNonce = '';
      let own: RenderOutcome | undefined;
      const { page } = await cache.renderOnce(key, async () => {
        own = await render();
        if (own.kind === 'fault' || keepsToItself(own.response)) return undefined;
        const body = await bodyOf(own.response);
        const headers = [...own.response.headers].filter(([name]) => name !== 'set-cookie');
        return sharedPage(own.response.status, headers, body, inlineScriptHashes(body.toString()));
      });
      if (page !== undefined) return send(request, reply, page, 'miss', key);

      own ??= await render();
      if (own.kind === 'fault') {
        // The database is out of reach: a guest gets the page as it last was, if it was kept.
        const stale = cache.lookup(key);
        if (stale !== undefined) return send(request, reply, stale.page, 'stale', key);
        return answerFault(own.error);
      }
      return sendUnshared(reply, own.response);
    },

    invalidate() {
      cache.invalidate();
    },
  };
}
