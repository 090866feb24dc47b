import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files whose name carries a hash of their content: a new build gives them a new name. */
export const IMMUTABLE_POLICY = 'public, max-age=31536000, immutable';
/** The other public files (the favicon, images, resources) keep their name across builds. */
export const PUBLIC_FILE_POLICY = 'public, max-age=3600';

/**
 * The client build. Files under /assets/ carry a content hash in their name, so they are cached
 * for a year; anything else for an hour. Each file has an ETag and Last-Modified, and a request
 * that names the version it holds gets a 304. The build wrote a brotli and a gzip copy beside
 * each text file (scripts/compress-client.js): the copy the request accepts is sent as it is,
 * never compressed again per request.
 */
export async function registerStaticAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (response, path) => {
      const immutable = /[\\/]assets[\\/]/.test(path);
      response.header('Cache-Control', immutable ? IMMUTABLE_POLICY : PUBLIC_FILE_POLICY);
    },
  });
}
