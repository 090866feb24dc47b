import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { iconSpriteSvg } from '~core/ui';
import { IMMUTABLE_POLICY, PUBLIC_FILE_POLICY } from './static-assets.ts';

export const ICON_SPRITE_PATH = '/icons.svg';

const sprite = iconSpriteSvg();
const version = createHash('sha256').update(sprite).digest('base64url').slice(0, 10);
const etag = `"${version}"`;

/**
 * The address pages give the sprite: it names the drawings' version, so a browser keeps the
 * sprite for a year and a change of drawing is a new address.
 */
export const ICON_SPRITE_URL = `${ICON_SPRITE_PATH}?v=${version}`;

/**
 * The icon sprite every page's icons point at (`<use href>`). Asked for with the current
 * version it is immutable; without it (or an older one) it is kept for an hour like the other
 * public files. An unchanged sprite answers 304.
 */
export function registerIconSprite(app: FastifyInstance): void {
  app.get<{ Querystring: { v?: unknown } }>(ICON_SPRITE_PATH, async (request, reply) => {
    void reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('ETag', etag)
      .header('Cache-Control', request.query.v === version ? IMMUTABLE_POLICY : PUBLIC_FILE_POLICY);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return sprite;
  });
}
