import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { iconSpriteSvg } from '~core/ui';
import { openKnowledgePages } from './knowledge-pages.fixture.ts';
import { IMMUTABLE_POLICY, PUBLIC_FILE_POLICY } from './static-assets.ts';

describeEachDialect('the icon sprite', (database) => {
  let app: FastifyInstance;
  let release: () => Promise<void>;

  beforeAll(async () => {
    ({ app, release } = await openKnowledgePages(database()));
  });
  afterAll(async () => {
    await app?.close();
    await release?.();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it("is what a page's icons point at, kept a year at its versioned address", async () => {
    const page = await get('/dev/blocks');
    expect(page.statusCode).toBe(200);
    const uses = [...page.body.matchAll(/<use href="([^"#]+)#([^"]+)"/g)];
    expect(uses.length).toBeGreaterThan(0);
    const address = uses[0]?.[1] ?? '';
    expect(address).toMatch(/^\/icons\.svg\?v=[\w-]{10}$/);
    expect(new Set(uses.map((use) => use[1]))).toEqual(new Set([address]));

    const sprite = await get(address, { 'accept-encoding': 'br' });
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(sprite.headers['cache-control']).toBe(IMMUTABLE_POLICY);
    expect(sprite.headers['set-cookie']).toBeUndefined();
    expect(sprite.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(sprite.rawPayload).toString('utf8');
    expect(text).toBe(iconSpriteSvg());
    for (const [, , name] of uses) expect(text).toContain(`<symbol id="${name}"`);
  });

  it('is kept an hour at its plain or an old address, and answers 304 when unchanged', async () => {
    for (const url of ['/icons.svg', '/icons.svg?v=older']) {
      const sprite = await get(url);
      expect(sprite.statusCode).toBe(200);
      expect(sprite.headers['cache-control']).toBe(PUBLIC_FILE_POLICY);
    }
    const etag = String((await get('/icons.svg')).headers.etag);
    const again = await get('/icons.svg', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe("the browser's scripts", () => {
  it('carry no icon drawing: pages point at the sprite instead', async () => {
    const assets = join('build', 'client', 'assets');
    const drawing = /<symbol id="help" viewBox="0 0 24 24">(.*?)<\/symbol>/.exec(iconSpriteSvg());
    const firstPath = /d="([^"]+)"/.exec(drawing?.[1] ?? '')?.[1] ?? '';
    expect(firstPath.length).toBeGreaterThan(10);
    for (const name of await readdir(assets)) {
      if (!name.endsWith('.js')) continue;
      expect(await readFile(join(assets, name), 'utf8'), name).not.toContain(firstPath);
    }
  });
});
