import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  PARTNER_ADMIN_PATHS,
  partnerResourceDownloadPath,
  RESOURCE_FILE_MAX_BYTES,
} from '~core/partner';
import type { PortalConfig } from '~server/config.ts';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { multipart } from '~tests/support/multipart.ts';
import { pageRequests, type SignedInSession, signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { adjustPoints, resourcesForAdmin, tierThresholds } from './index.ts';

/* Uploading a partner resource's file on the admin page, and its download per role. */

const CSV = Buffer.from('Client,Status\nReef Dental,Migrated\n');

describeEachDialect('partner resource files over HTTP', (database) => {
  let app: FastifyInstance;
  let dir: string;
  let config: PortalConfig;
  const people: Record<'admin' | 'bronze' | 'starter' | 'customer', SignedInSession> = {} as never;
  const { get } = pageRequests(() => app);

  /** The add form as a browser without scripts sends it, with a file. */
  async function sendResource(
    who: SignedInSession,
    title: string,
    file: { name: string; bytes: Buffer },
  ) {
    const form = new FormData();
    const fields = {
      _csrf: who.csrfToken,
      intent: 'add',
      formId: 'add-resource',
      idempotencyKey: `key-${title}`,
      title,
      summary: 'Where each client stands.',
      type: 'template',
      product: 'Accounting',
      minTier: 'bronze',
      url: '',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const { payload, contentType } = await multipart(form);
    return app.inject({
      method: 'POST',
      url: PARTNER_ADMIN_PATHS.resources,
      headers: { cookie: who.cookie, 'content-type': contentType, accept: 'text/html' },
      payload,
    });
  }

  const titled = async (title: string) =>
    (await resourcesForAdmin(database().db)).filter((row) => row.title === title);

  beforeAll(async () => {
    const { db } = database();
    dir = await mkdtemp(join(tmpdir(), 'resource-files-http-'));
    config = testConfig({ CASE_ATTACHMENTS_DIR: dir });
    const signIn = (subject: string, fields: object) =>
      signInAs(database(), { subject, email: `${subject}@example.com`, ...fields }, config);
    people.admin = await signIn('files-admin', { canViewSetup: true });
    people.bronze = await signIn('files-bronze', { isPartner: true });
    people.starter = await signIn('files-starter', { isPartner: true });
    people.customer = await signIn('files-customer', {});
    const points = { bronze: (await tierThresholds(db)).bronze, starter: 1 };
    for (const tier of ['bronze', 'starter'] as const)
      await adjustPoints(db, {
        userId: people[tier].user.id,
        points: points[tier],
        reason: 'Opening points',
        adminId: people.admin.user.id,
        requestKey: `opening-${tier}`,
        at: new Date(),
      });
    app = await buildPortalServer({ config, database: database() });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads a resource’s file once however often the form is sent, refusing bad files at the field', async () => {
    for (let sent = 0; sent < 2; sent += 1)
      expect(
        (await sendResource(people.admin, 'Client status', { name: 'status.csv', bytes: CSV }))
          .statusCode,
      ).toBe(200);
    expect(await titled('Client status')).toMatchObject([{ file: { name: 'status.csv' } }]);

    const refused: Array<[string, Buffer, string]> = [
      [
        'big.pdf',
        Buffer.alloc(RESOURCE_FILE_MAX_BYTES + 1, 0x25),
        'big.pdf is larger than 10.0 MB',
      ],
      ['empty.csv', Buffer.alloc(0), 'empty.csv is empty.'],
      ['kit.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'not a file type the library takes'],
    ];
    for (const [name, bytes, message] of refused) {
      const answer = await sendResource(people.admin, `Refused ${name}`, { name, bytes });
      expect(answer.statusCode, name).toBe(422);
      expect(answer.body, name).toContain(message);
      expect(answer.body, name).toContain(`value="Refused ${name}"`);
      expect(await titled(`Refused ${name}`), name).toEqual([]);
    }
    // Anyone but an admin: not found, and nothing added.
    const forged = await sendResource(people.bronze, 'Forged', { name: 'f.csv', bytes: CSV });
    expect(forged.statusCode).toBe(404);
    expect(await titled('Forged')).toEqual([]);
  });

  it('sends the file as an attachment to partners whose tier opens it, and only to them', async () => {
    await sendResource(people.admin, 'Migration sheet', { name: 'migration.csv', bytes: CSV });
    const [resource] = await titled('Migration sheet');
    if (!resource) throw new Error('the resource was not added');
    const url = partnerResourceDownloadPath(resource.id);

    for (const who of [undefined, people.customer, people.admin])
      expect((await get(url, who)).statusCode).toBe(303);
    expect((await get(url, people.starter)).statusCode).toBe(403);
    const download = await get(url, people.bronze);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="migration.csv"; filename*=UTF-8''migration.csv`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(CSV)).toBe(true);
    expect(await titled('Migration sheet')).toMatchObject([{ downloads: 1 }]);
  });
});
