import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What gets compressed: every text response (HTML, JSON, JavaScript, CSS, SVG, XML, plain
 * text). Images, fonts and media are compressed already.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:javascript|ecmascript)\b|[+/]json\b|[+/]xml\b/;

/**
 * Smaller bodies are sent as they are: below a few hundred bytes the encoding saves less than a
 * packet's worth. The gateway's JSON answers are mostly 300-600 bytes and shrink by a third.
 */
export const COMPRESSION_THRESHOLD = 256;

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

const ENCODINGS = ['br', 'gzip'] as const;

/**
 * The encoding a request's Accept-Encoding takes: the highest q-value, brotli before gzip at
 * equal ones; '*' stands for any encoding not named. Undefined when it takes neither.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let chosen: 'br' | 'gzip' | undefined;
  let best = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > best) [chosen, best] = [encoding, weight];
  }
  return chosen;
}

/** Appends accept-encoding to the response's Vary, unless it is there (or Vary is '*'). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' && vary !== '' ? vary : undefined;
  const names = current?.split(/\s*,\s*/).map((name) => name.toLowerCase()) ?? [];
  if (names.includes('accept-encoding') || names.includes('*')) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/**
 * A HEAD request gets the headers its GET would, the encoding included. @fastify/compress
 * leaves HEAD answers alone: a page's has no body (its GET is compressed while it streams), and
 * a whole body (JSON, XML) is dropped after the hooks. Here a body is compressed as its GET's
 * would be, so the length is the compressed one, and a page without one just names the
 * encoding. Static files name theirs themselves (their precompressed copy).
 */
function nameEncodingOfHeadResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE_TYPES.test(type)) return payload;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const body = Buffer.from(payload);
      if (body.length === 0) {
        const length = Number(reply.getHeader('content-length'));
        if (Number.isFinite(length) && length > 0 && length < COMPRESSION_THRESHOLD) return payload;
      } else {
        if (body.length < COMPRESSION_THRESHOLD) return payload;
        varyOnEncoding(reply);
        reply.header('content-encoding', encoding);
        return encoding === 'br'
          ? zlib.brotliCompressSync(body, BROTLI_OPTIONS)
          : zlib.gzipSync(body, GZIP_OPTIONS);
      }
    }
    varyOnEncoding(reply);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return payload;
  });
}

/**
 * Brotli or gzip by the request's Accept-Encoding (brotli preferred), for every text response
 * of every route registered after this. A response that carries a Content-Encoding already (a
 * static file the build precompressed) passes through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  nameEncodingOfHeadResponses(app);
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
