// What rewriting a page's stream for its scripts to load after the first paint
// (app/scripts-after-first-paint.server.ts) costs the server, beside a stream that only passes
// the page on, for pages of growing length cut into the 2 KB chunks React writes.
//   npm run bench:page-stream
import { PassThrough, Readable, type Transform } from 'node:stream';
import { text } from 'node:stream/consumers';
import { scriptsAfterFirstPaint } from '~app/scripts-after-first-paint.server.ts';

const CHUNK_BYTES = 2048;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

// A discussion's reply as the page renders it, with the non-Latin letters that make V8 hold the
// page as a two-byte string.
const REPLY =
  '<article class="reply_k3x9"><header><a href="/0/profile/005000000000001">Grace Okafor</a>' +
  '<time dateTime="2026-11-02T09:15:00Z">2 Nov 2026</time></header><p>Open Banking → Bank feeds, ' +
  'choose “Reconnect” and sign in to your bank again – the feed picks up where it stopped. ' +
  'Straße, Zürich and Kraków accounts work the same way.</p></article>';

function page(replies: number): Buffer {
  return Buffer.from(
    [
      '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
      '<link rel="modulepreload" href="/assets/shell-B.js"/>',
      '<link rel="modulepreload" href="/assets/thread-C.js"/>',
      '<link rel="stylesheet" href="/assets/style-D.css"/></head><body><main>',
      REPLY.repeat(replies),
      '</main><script>window.__reactRouterContext = {"basename":"/"};</script>',
      '<script type="module" async="">import * as route0 from "/assets/root-E.js";',
      'import("/assets/entry.client-A.js");</script></body></html>',
    ].join(''),
  );
}

async function msPerPage(bytes: Buffer, stream: () => Transform): Promise<number> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  }
  const start = performance.now();
  for (let run = 0; run < RUNS; run += 1) await text(Readable.from(chunks).pipe(stream()));
  return (performance.now() - start) / RUNS;
}

console.log(`A page's stream, ${RUNS} pages each, ms a page`);
console.log('page KB   passed on   scripts after first paint');
for (const replies of [50, 200, 500, 1000]) {
  const bytes = page(replies);
  // A first pass of each warms it up; the second is reported.
  await msPerPage(bytes, () => new PassThrough());
  await msPerPage(bytes, scriptsAfterFirstPaint);
  const passed = await msPerPage(bytes, () => new PassThrough());
  const rewritten = await msPerPage(bytes, scriptsAfterFirstPaint);
  console.log(
    `${(bytes.length / 1024).toFixed(0).padStart(7)}   ${passed.toFixed(3).padStart(9)}   ${rewritten.toFixed(3).padStart(25)}`,
  );
}
