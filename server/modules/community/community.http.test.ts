import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BANNED_WORDS_RESOURCE_PATH, parseBannedWords } from '~core/community';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { buildPortalServer } from '~server/app.ts';

describeEachDialect('community resources over HTTP', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the banned-words list as a static plain-text resource', async () => {
    const response = await app.inject(BANNED_WORDS_RESOURCE_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(parseBannedWords(response.body).words.size).toBeGreaterThan(10);
  });
});
