import type { FastifyInstance } from 'fastify';

/** A signed-in visitor's responses: never stored by anyone, the browser included. */
export const SIGNED_IN_POLICY = 'private, no-store';

/**
 * A guest's API answers, and pages when the guest page cache is off: made for the one guest who
 * asked, so no shared cache may keep them; the browser revalidates before reuse. Guests' pages
 * are otherwise shared and say so themselves (guest-pages.ts).
 */
export const GUEST_POLICY = 'private, no-cache';

/**
 * Gives every response that did not choose a Cache-Control itself an explicit one, by who asked:
 * static files, media, the sitemap and the gateway's cacheable calls set their own and keep it.
 */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const signedIn = request.viewer !== null && !request.viewer.isGuest;
    reply.header('cache-control', signedIn ? SIGNED_IN_POLICY : GUEST_POLICY);
    return payload;
  });
}
