import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PortalDatabase } from '../db/database.ts';
import { findMedia } from '~server/modules/content';

/** Content keys name the bytes (docs/content-import.md): an answer for one never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONTENT_KEY = /^[0-9a-f]{20}-[A-Za-z0-9][A-Za-z0-9._-]*$/;
// An SVG opened on its own is a document that could run script on this origin; this policy
// lets it draw and nothing more.
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function notFound(reply: FastifyReply) {
  return reply
    .status(404)
    .header('Cache-Control', 'no-cache')
    .send({ message: 'There is no media file with this key.', errorCode: 'NOT_FOUND' });
}

/** True when the If-None-Match header names this entity tag (or is '*'). */
export function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}

/** /cms/delivery/media/{contentKey}: the imported media files, cached for good. */
export function registerMediaDelivery(app: FastifyInstance, database: PortalDatabase): void {
  app.get<{ Params: { contentKey: string } }>(
    '/cms/delivery/media/:contentKey',
    async (request, reply) => {
      const { contentKey } = request.params;
      if (!CONTENT_KEY.test(contentKey)) return notFound(reply);
      const media = await findMedia(database.db, contentKey);
      if (!media) return notFound(reply);
      const etag = `"${media.contentKey}"`;
      reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
      if (matchesEntityTag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send();
      }
      if (media.contentType === 'image/svg+xml')
        reply.header('Content-Security-Policy', SVG_POLICY);
      const bytes = Buffer.isBuffer(media.bytes) ? media.bytes : Buffer.from(media.bytes);
      return reply.type(media.contentType).send(bytes);
    },
  );
}
