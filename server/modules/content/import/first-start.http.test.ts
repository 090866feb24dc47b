import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type RunningPortal } from '~tests/support/portal-process.ts';
import { BASIC_FIXTURE } from '../fixtures/fixture-folder.ts';
import { contentIds } from './planned-items.ts';

describe('the built portal on a fresh database', () => {
  let portal: RunningPortal;
  // A process start, migrations and the first import: far more than a hook's 10 s on a busy machine.
  beforeAll(async () => {
    portal = await startPortal({ CONTENT_DIR: BASIC_FIXTURE });
  }, 90_000);
  afterAll(async () => {
    await portal?.stop();
  });

  it('imports its content folder before it answers', async () => {
    const sitemap = await (await fetch(`${portal.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${portal.baseUrl}/s/article/connect-a-bank-feed</loc>`);
    const id = contentIds.guide('set-up-banking');
    const seo = await fetch(
      `${portal.baseUrl}/services/data/v65.0/connect/communities/0DB000000000000001/seo/properties/${id}`,
    );
    expect(await seo.json()).toMatchObject({ recordName: 'Set up banking' });
  });
});
