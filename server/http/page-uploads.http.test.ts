import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '~core/cases';
import type { PortalConfig } from '~server/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { multipart } from '~tests/support/multipart.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { seedDemoCases } from '~server/modules/cases';
import { importContent } from '~server/modules/content';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { builtInIssuer } from '~server/modules/identity';
import { buildWithDemoData } from './sign-in.fixture.ts';

describeEachDialect('case pages with files over HTTP', (database) => {
  let app: FastifyInstance;
  let config: PortalConfig;
  let mia: SignedInSession;
  let casePath = '';

  beforeAll(async () => {
    ({ app, config } = await buildWithDemoData(database()));
    await importContent(database().db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    await seedDemoCases(
      database().db,
      builtInIssuer(config.siteUrl),
      new Date(),
      config.caseAttachmentsDir,
    );
    mia = await signInAs(database(), 'demo-customer');
    const own = await database()
      .db.selectFrom('support_case')
      .select('id')
      .where('owner_id', '=', mia.user.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    casePath = `/s/case?caseId=${own.id}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a file too large with the page, the message at the field and the reply kept, not 413', async () => {
    const form = new FormData();
    form.append('_csrf', mia.csrfToken);
    form.append('intent', 'reply');
    form.append('formId', 'reply');
    form.append('body', 'The whole export is attached.');
    form.append(
      'attachments',
      new Blob([Buffer.alloc(ATTACHMENT_MAX_BYTES + 10, 0x41)]),
      'all.txt',
    );
    const { payload, contentType } = await multipart(form);
    const answer = await app.inject({
      method: 'POST',
      url: casePath,
      headers: { cookie: mia.cookie, 'content-type': contentType, accept: 'text/html' },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('all.txt is larger than 20 MB. Attach a smaller file.');
    expect(answer.body).toContain('The whole export is attached.</textarea>');
    // Nothing waits on disk once the page has answered, and nothing was stored.
    const incoming = join(config.caseAttachmentsDir, 'incoming');
    await expect.poll(async () => readdir(incoming)).toEqual([]);
    const stored = await database().db.selectFrom('support_case_attachment').select('id').execute();
    expect(stored.map((row) => row.id)).toHaveLength(1); // the demo's sync log only
  });

  it('reads no file from a guest: the page-form limit answers a large post before any disk', async () => {
    const form = new FormData();
    form.append('attachments', new Blob([Buffer.alloc(512 * 1024, 0x41)]), 'big.txt');
    const { payload, contentType } = await multipart(form);
    const before = existsSync(join(config.caseAttachmentsDir, 'incoming'))
      ? await readdir(join(config.caseAttachmentsDir, 'incoming'))
      : [];
    const answer = await app.inject({
      method: 'POST',
      url: casePath,
      // A guest with the anonymous CSRF cookie gets past the checks that need no body.
      headers: {
        'content-type': contentType,
        'sec-fetch-site': 'same-origin',
        cookie: `${config.prefix}_csrf=guest-visitor-id`,
      },
      payload,
    });
    expect(answer.statusCode).toBe(413);
    const after = existsSync(join(config.caseAttachmentsDir, 'incoming'))
      ? await readdir(join(config.caseAttachmentsDir, 'incoming'))
      : [];
    expect(after).toEqual(before);
  });
});
