import { readdir, readFile, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { GUEST_POLICY, SIGNED_IN_POLICY } from './cache-policy.ts';
import { COMPRESSION_THRESHOLD } from './compression.ts';
import { config, openKnowledgePages } from './knowledge-pages.fixture.ts';
import { IMMUTABLE_POLICY, PUBLIC_FILE_POLICY } from './static-assets.ts';

/* How the portal serves what it serves: encodings, cache policies, validators. */

const CLIENT_DIR = join('build', 'client');
const ARTICLE = '/s/article/connect-a-bank-feed';

function decoded(response: LightMyRequestResponse): string {
  const body = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(body).toString('utf8');
    default:
      return body.toString('utf8');
  }
}

function varies(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);
}

/** The largest script of the client build: the one most sure to have precompressed copies. */
async function largestScript(): Promise<string> {
  const assets = join(CLIENT_DIR, 'assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  const sized = await Promise.all(
    scripts.map(async (name) => ({ name, size: (await stat(join(assets, name))).size })),
  );
  const largest = sized.sort((a, b) => b.size - a.size)[0];
  if (!largest) throw new Error('no scripts in the client build: run "npm run build"');
  return largest.name;
}

describeEachDialect('serving: compression and caching', (database) => {
  let app: FastifyInstance;
  let release: () => Promise<void>;
  let articleId: string;

  beforeAll(async () => {
    ({ app, release, articleId } = await openKnowledgePages(database()));
  });
  afterAll(async () => {
    await app?.close();
    await release?.();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  describe('compression by Accept-Encoding', () => {
    it('sends a page with brotli when accepted, preferring it to gzip, and says it varies', async () => {
      const plain = await get(ARTICLE);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<h1');
      for (const accepted of ['br', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8']) {
        const response = await get(ARTICLE, { 'accept-encoding': accepted });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe('br');
        expect(varies(response)).toContain('accept-encoding');
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decoded(response)).toContain('<h1');
      }
    });

    it('sends a page with gzip to a client that takes only gzip, and as it is to one that takes neither', async () => {
      const gzipped = await get(ARTICLE, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzipped)).toContain('<h1');
      const identity = await get(ARTICLE, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toContain('<h1');
    });

    it('compresses JSON and XML answers', async () => {
      const json = await get(
        `/services/data/v65.0/connect/communities/0DB000000000000001/seo/properties/${articleId}`,
        { 'accept-encoding': 'br' },
      );
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-type']).toMatch(/json/);
      const jsonText = decoded(json);
      expect(Buffer.byteLength(jsonText)).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD);
      expect(json.headers['content-encoding']).toBe('br');
      expect(JSON.parse(jsonText)).toBeTypeOf('object');

      const sitemap = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-encoding']).toBe('gzip');
      expect(decoded(sitemap)).toContain('<urlset');
    });

    it('sends the precompressed copy of a script as the build made it, never compressing again', async () => {
      const name = await largestScript();
      const file = join(CLIENT_DIR, 'assets', name);
      const [raw, br, gz] = await Promise.all(
        ['', '.br', '.gz'].map((suffix) => readFile(`${file}${suffix}`)),
      );
      const brotli = await get(`/assets/${name}`, { 'accept-encoding': 'gzip, br' });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(varies(brotli)).toContain('accept-encoding');
      expect(brotli.rawPayload.equals(br as Buffer)).toBe(true);

      const gzipped = await get(`/assets/${name}`, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.rawPayload.equals(gz as Buffer)).toBe(true);

      const plain = await get(`/assets/${name}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(raw as Buffer)).toBe(true);
    });

    it('finds a brotli and a gzip copy beside every script and stylesheet the build made', async () => {
      const files = (await readdir(CLIENT_DIR, { recursive: true })).filter((name) =>
        /\.(?:js|css|svg)$/.test(name),
      );
      expect(files.length).toBeGreaterThan(10);
      const missing: string[] = [];
      for (const name of files) {
        const { size } = await stat(join(CLIENT_DIR, name));
        if (size < COMPRESSION_THRESHOLD) continue;
        const copies = await Promise.all(
          ['.br', '.gz'].map((suffix) =>
            stat(join(CLIENT_DIR, `${name}${suffix}`)).catch(() => null),
          ),
        );
        if (copies.some((copy) => copy === null)) missing.push(name);
      }
      expect(missing).toEqual([]);
    });

    it('sends a body under the threshold as it is', async () => {
      const robots = await get('/robots.txt', { 'accept-encoding': 'br' });
      expect(robots.statusCode).toBe(200);
      expect(robots.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
      expect(robots.headers['content-encoding']).toBeUndefined();
    });

    it('answers HEAD with the headers its GET would have, the encoding included', async () => {
      const name = await largestScript();
      const sitemapGet = await get('/sitemap.xml', { 'accept-encoding': 'br' });
      expect(sitemapGet.headers['content-encoding']).toBe('br');
      for (const url of [ARTICLE, `/assets/${name}`, '/sitemap.xml']) {
        const head = await app.inject({
          method: 'HEAD',
          url,
          headers: { 'accept-encoding': 'br' },
        });
        expect(head.statusCode, url).toBe(200);
        expect(head.headers['content-encoding'], url).toBe('br');
        expect(varies(head), url).toContain('accept-encoding');
        expect(head.rawPayload.length, url).toBe(0);
      }
      const plain = await app.inject({ method: 'HEAD', url: ARTICLE });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const gzip = await app.inject({
        method: 'HEAD',
        url: ARTICLE,
        headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });

    it("keeps a signed-in visitor's page streamed: chunked, without a length, when compressed", async () => {
      const signedIn = await signInAs(database(), 'demo-customer', config);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const { headers, chunks } = await new Promise<{
        headers: Record<string, unknown>;
        chunks: number;
      }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: ARTICLE,
            headers: { 'accept-encoding': 'br', cookie: signedIn.cookie },
          },
          (response) => {
            let count = 0;
            response.on('data', () => (count += 1));
            response.on('end', () => resolve({ headers: response.headers, chunks: count }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(headers['content-encoding']).toBe('br');
      expect(headers['transfer-encoding']).toBe('chunked');
      expect(headers['content-length']).toBeUndefined();
      expect(chunks).toBeGreaterThan(0);
    });
  });

  describe('browser scripts', () => {
    // Validation is the server's: zod's schemas (which keep their state in `_zod`) and its
    // Function('') probe, which the Content Security Policy refuses, stay out of the browser.
    it('carry no zod', async () => {
      const assets = join(CLIENT_DIR, 'assets');
      const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(10);
      const withZod: string[] = [];
      for (const name of scripts) {
        if (/\._zod\b|\$ZodType|ZodError/.test(await readFile(join(assets, name), 'utf8'))) {
          withZod.push(name);
        }
      }
      expect(withZod).toEqual([]);
    });
  });

  describe('cache policies', () => {
    it('caches hashed assets for a year, immutably; other public files for an hour', async () => {
      const script = await get(`/assets/${await largestScript()}`, { 'accept-encoding': 'br' });
      expect(script.headers['cache-control']).toBe(IMMUTABLE_POLICY);
      const favicon = await get('/favicon.svg');
      expect(favicon.statusCode).toBe(200);
      expect(favicon.headers['cache-control']).toBe(PUBLIC_FILE_POLICY);
    });

    it('answers 304 to a request for the version of a static file it already holds', async () => {
      for (const url of [`/assets/${await largestScript()}`, '/favicon.svg']) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          const first = await get(url, { 'accept-encoding': encoding });
          const etag = String(first.headers.etag ?? '');
          expect(etag).not.toBe('');
          expect(first.headers['last-modified']).toBeDefined();
          const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': etag });
          expect(again.statusCode).toBe(304);
          expect(again.rawPayload.length).toBe(0);
          const stale = await get(url, { 'accept-encoding': encoding, 'if-none-match': '"x"' });
          expect(stale.statusCode).toBe(200);
        }
      }
    });

    it("keeps a signed-in visitor's pages out of every cache", async () => {
      const signedIn = await signInAs(database(), 'demo-customer', config);
      for (const url of [ARTICLE, '/0/']) {
        const response = await get(url, { cookie: signedIn.cookie, 'accept-encoding': 'br' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe(SIGNED_IN_POLICY);
      }
    });

    it("lets anyone keep a guest's page for seconds, and its API answers only the guest", async () => {
      const response = await get(ARTICLE);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(
        'public, max-age=5, stale-while-revalidate=30',
      );
      expect(response.headers['set-cookie']).toBeUndefined();
      const answer = await get('/api/learning/sessions/none/calendar.ics');
      expect(answer.headers['cache-control']).toBe(GUEST_POLICY);
    });
  });
});
