import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What gets compressed: every text response (HTML, JSON, JavaScript, CSS, SVG, XML, plain
 * text). Images, fonts and media are compressed already.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:javascript|ecmascript)\b|[+/]json\b|[+/]xml\b/;

/** Smaller bodies are sent as they are: the encoding would cost more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

// Brotli at quality 4 for responses made per request: quality 11 (zlib's default) costs tens
// of milliseconds a page. The build precompresses the static files at 11 (scripts/compress-client.js).
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/**
 * A compressing stream that flushes whatever it holds once the writes of one turn of the event
 * loop are in, so a streamed page reaches the browser piece by piece as React writes it (the
 * shell first, then each suspended part) rather than when the compressor's window fills. Flushing
 * once per turn rather than per write keeps the small writes of one part in one block.
 */
function flushingEachTurn<T extends zlib.BrotliCompress | zlib.Gzip>(stream: T, kind: number): T {
  let scheduled = false;
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((...args: unknown[]) => {
    const accepted = write(...args);
    // The flush itself is an empty write: it must not ask for another.
    const chunk = args[0] as { length?: number } | undefined;
    if (!scheduled && (chunk?.length ?? 0) > 0) {
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!stream.writableEnded && !stream.destroyed) stream.flush(kind);
      });
    }
    return accepted;
  }) as T['write'];
  return stream;
}

/**
 * The zlib that @fastify/compress uses: its streams flush each turn; its one-shot functions (for
 * bodies sent whole, such as JSON) are zlib's own.
 */
export const streamingZlib = {
  createBrotliCompress: (options?: zlib.BrotliOptions) =>
    flushingEachTurn(zlib.createBrotliCompress(options), zlib.constants.BROTLI_OPERATION_FLUSH),
  createGzip: (options?: zlib.ZlibOptions) =>
    flushingEachTurn(zlib.createGzip(options), zlib.constants.Z_SYNC_FLUSH),
  brotliCompressSync: zlib.brotliCompressSync,
  gzipSync: zlib.gzipSync,
};

/**
 * Brotli or gzip by the request's Accept-Encoding (brotli preferred), for every text response
 * of every route registered after this. A response that carries a Content-Encoding already (a
 * static file the build precompressed) passes through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    zlib: streamingZlib,
    // Compressed request bodies stay refused (request-bodies.ts), never inflated.
    globalDecompression: false,
  });
}
