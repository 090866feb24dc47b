import { once } from 'node:events';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { acceptedEncoding, COMPRESSIBLE_TYPES, streamingZlib } from './compression.ts';

describe('compression', () => {
  it('takes the encoding the request weighs most, brotli first among equals', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.8, br;q=0.9')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('deflate')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('compresses the text types and leaves images, fonts and binaries alone', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/javascript',
      'application/json; charset=utf-8',
      'application/ld+json',
      'application/xml',
      'image/svg+xml',
      'text/plain; charset=utf-8',
      'text/x-script',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    }
    for (const type of ['image/png', 'font/woff2', 'application/octet-stream', 'video/mp4']) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
    }
  });

  /** What a browser could read of `bytes` so far, the stream not yet ended. */
  async function readableSoFar(decompressor: zlib.BrotliDecompress | zlib.Gunzip, bytes: Buffer) {
    const text: Buffer[] = [];
    decompressor.on('data', (chunk: Buffer) => text.push(chunk));
    decompressor.write(bytes);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return Buffer.concat(text).toString();
  }

  // A streamed page's shell must reach the browser before the rest is rendered: without a flush
  // the compressor would keep a small write until its window fills or the stream ends.
  it.each([
    [
      'brotli',
      streamingZlib.createBrotliCompress,
      zlib.createBrotliDecompress,
      zlib.brotliDecompressSync,
    ],
    ['gzip', streamingZlib.createGzip, zlib.createGunzip, zlib.gunzipSync],
  ] as const)(
    'sends what %s was given once the writes of a turn are in, before the end',
    async (_name, createCompressor, createDecompressor, decompressWhole) => {
      const stream = createCompressor();
      const received: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => received.push(chunk));
      stream.write('<!DOCTYPE html><html><head><title>The shell</title>');
      stream.write('</head><body><main>');
      // zlib works on the thread pool: on a busy machine the flushed block takes a while.
      const shell = '<!DOCTYPE html><html><head><title>The shell</title></head><body><main>';
      let readable = '';
      for (let waited = 0; waited < 10_000 && readable !== shell; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        readable = await readableSoFar(createDecompressor(), Buffer.concat(received));
      }
      expect(readable).toBe(shell);
      stream.end('</main></body></html>');
      await once(stream, 'end');
      // The whole stream, read at once: no wait on the thread pool left to chance.
      expect(decompressWhole(Buffer.concat(received)).toString()).toBe(
        '<!DOCTYPE html><html><head><title>The shell</title></head><body><main></main></body></html>',
      );
    },
  );

  it('flushes once a turn, not once a write, and stops when the stream ends', async () => {
    const stream = streamingZlib.createGzip();
    stream.resume();
    const flush = vi.spyOn(stream, 'flush');
    const turn = () => new Promise((resolve) => setTimeout(resolve, 20));
    for (let index = 0; index < 50; index += 1) stream.write(`<p>part ${index}</p>`);
    await turn();
    expect(flush).toHaveBeenCalledTimes(1);
    await turn();
    expect(flush).toHaveBeenCalledTimes(1);
    stream.write('<p>one more</p>');
    await turn();
    expect(flush).toHaveBeenCalledTimes(2);
    stream.end('<p>the end</p>');
    await once(stream, 'end');
    await turn();
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
