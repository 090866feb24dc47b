// The client build's third step: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// beside every text file of build/client, made once here so the server sends them as they
// are (server/http/static-assets.ts) instead of compressing per request. A copy that would not
// be smaller than the file, or a file under the server's compression threshold, gets none.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const CLIENT_DIR = process.argv[2] ?? 'build/client';
const TEXT_FILES = /\.(?:js|mjs|css|svg|html|json|xml|txt|map|webmanifest)$/;
// The server's own threshold (COMPRESSION_THRESHOLD in server/http/compression.ts): a smaller
// file is sent as it is there too, so no file is ever compressed per request.
const THRESHOLD = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The compressed copies of one file; returns the bytes before and after brotli. */
async function compressFile(path) {
  const content = await readFile(path);
  if (content.length < THRESHOLD) return undefined;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
  return { raw: content.length, br: Math.min(br.length, content.length) };
}

const files = (await readdir(CLIENT_DIR, { recursive: true })).map((name) =>
  join(CLIENT_DIR, name),
);
// Copies left by an earlier build of files that are gone or changed are made again or removed.
await Promise.all(files.filter((path) => /\.(?:br|gz)$/.test(path)).map((path) => rm(path)));
let raw = 0;
let compressed = 0;
let count = 0;
for (const path of files.filter((file) => TEXT_FILES.test(file))) {
  const sizes = await compressFile(path);
  if (!sizes) continue;
  raw += sizes.raw;
  compressed += sizes.br;
  count += 1;
}
console.log(
  `Precompressed ${count} files in ${CLIENT_DIR}: ${Math.round(raw / 1024)} KB, ${Math.round(compressed / 1024)} KB with brotli`,
);
