import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The client build. Files under /assets/ carry a content hash in their name, so they are cached
 * for a year; anything else (the favicon) for an hour.
 */
export async function registerStaticAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    cacheControl: false,
    setHeaders: (response, path) => {
      const immutable = /[\\/]assets[\\/]/.test(path);
      response.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
}
