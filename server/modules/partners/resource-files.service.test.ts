import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESOURCE_FILE_MAX_BYTES } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { newPartner } from './partners.test-support.ts';
import {
  addResource,
  editResource,
  resourcesForAdmin,
  type ResourceUpload,
} from './admin-resources.service.ts';
import { configurationChanges } from './configuration-changes.service.ts';
import { downloadResource } from './resources.service.ts';

/* Files admins upload for partner resources, and partners downloading them. */

const NOW = new Date('2026-03-10T12:00:00.000Z');
const BY = { adminId: 'a-files-admin', at: NOW };
const CSV = Buffer.from('Client,Status\nReef Dental,Migrated\n');
const FORM = {
  summary: 'Where each client stands.',
  type: 'template',
  product: 'Accounting',
  minTier: 'bronze',
  url: '',
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'resource-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A file as the page mount hands it over: written to a temporary file, measured. */
async function upload(fileName: string, bytes: Buffer, more: Partial<ResourceUpload> = {}) {
  const path = join(dir, newRecordId('caseAttachment'));
  await writeFile(path, bytes);
  return {
    fileName,
    size: bytes.length,
    head: bytes.subarray(0, 4096),
    path,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...more,
  } satisfies ResourceUpload;
}

describeEachDialect('partner resource files', (database) => {
  const partner = (points: number) => newPartner(database().db, { points, at: NOW });

  const resourceTitled = async (title: string) => {
    const found = (await resourcesForAdmin(database().db)).find((row) => row.title === title);
    if (!found) throw new Error(`no resource ${title}`);
    return found;
  };

  it('adds a resource with its file once, which a partner of its tier downloads, counted', async () => {
    const { db } = database();
    const title = 'Client status sheet';
    const file = await upload('client-status.csv', CSV);
    const form = { ...FORM, title, requestKey: 'files-1' };
    expect(
      await Promise.all([addResource(db, form, BY, file), addResource(db, form, BY, file)]),
    ).toEqual([{ ok: true }, { ok: true }]);
    const added = (await resourcesForAdmin(db)).filter((row) => row.title === title);
    expect(added).toMatchObject([
      { url: '', file: { name: 'client-status.csv', size: '35 bytes' } },
    ]);
    const id = added[0]?.id ?? '';

    const starter = await partner(10);
    expect(await downloadResource(db, { userId: starter, resourceId: id, at: NOW })).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    const bronze = await partner(1000);
    const download = await downloadResource(db, { userId: bronze, resourceId: id, at: NOW });
    if (!download.ok || !('file' in download)) throw new Error('no file was sent');
    expect(download.file).toMatchObject({
      fileName: 'client-status.csv',
      contentType: 'text/plain; charset=utf-8',
      size: CSV.length,
    });
    expect(Buffer.from(download.file.bytes).equals(CSV)).toBe(true);
    await downloadResource(db, { userId: bronze, resourceId: id, at: NOW });
    expect(await resourceTitled(title)).toMatchObject({ downloads: 2 });
    const recorded = (await configurationChanges(db, { kind: 'resource', page: 1 })).entries;
    expect(recorded.filter((entry) => entry.name === title)).toHaveLength(1);
    expect(recorded.find((entry) => entry.name === title)?.summary).toContain(
      `File or link uploaded client-status.csv, 35 bytes, #${file.sha256.slice(0, 8)}`,
    );
  });

  it('refuses a file too big, empty or of another type, and a link with a file, adding nothing', async () => {
    const { db } = database();
    const before = (await resourcesForAdmin(db)).length;
    const pdf = Buffer.from('%PDF-1.7\n');
    const refusals: Array<[ResourceUpload, string, string]> = [
      [await upload('big.pdf', pdf, { size: RESOURCE_FILE_MAX_BYTES + 1 }), 'file', 'larger'],
      [await upload('empty.csv', Buffer.alloc(0)), 'file', 'empty'],
      [await upload('kit.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14])), 'file', 'type'],
      [await upload('kit.csv', pdf), 'file', 'rename it to end in .pdf'],
    ];
    for (const [file, field, message] of refusals) {
      const answer = await addResource(
        db,
        { ...FORM, title: file.fileName, requestKey: file.fileName },
        BY,
        file,
      );
      expect(answer, file.fileName).toMatchObject({ ok: false, field });
      expect(answer.ok ? '' : answer.message).toContain(message);
    }
    const both = await addResource(
      db,
      { ...FORM, title: 'Both', url: 'https://example.com/kit', requestKey: 'both' },
      BY,
      await upload('kit.csv', CSV),
    );
    expect(both).toMatchObject({ ok: false, field: 'url' });
    expect(await resourcesForAdmin(db)).toHaveLength(before);
  });

  it('keeps, replaces and gives up a resource’s file as the admin edits it', async () => {
    const { db } = database();
    const title = 'Migration checklist';
    await addResource(
      db,
      { ...FORM, title, requestKey: 'files-3' },
      BY,
      await upload('a.csv', CSV),
    );
    const { id } = await resourceTitled(title);
    const bronze = await partner(1000);
    const open = () => downloadResource(db, { userId: bronze, resourceId: id, at: NOW });

    // Neither a link nor a file: the uploaded file stays.
    expect(await editResource(db, id, { ...FORM, title, summary: 'Updated.' }, BY)).toEqual({
      ok: true,
    });
    expect(await resourceTitled(title)).toMatchObject({ file: { name: 'a.csv' } });
    // A new file replaces it.
    const newer = Buffer.from('Client,Status\nHarbour Cafe,Started\n');
    await editResource(db, id, { ...FORM, title }, BY, await upload('b.csv', newer));
    const replaced = await open();
    expect(replaced.ok && 'file' in replaced ? replaced.file.fileName : '').toBe('b.csv');
    // A link replaces the file.
    await editResource(db, id, { ...FORM, title, url: 'https://example.com/checklist' }, BY);
    expect(await resourceTitled(title)).toMatchObject({ file: null });
    expect(await open()).toEqual({ ok: true, link: 'https://example.com/checklist' });
    // Without a link or a file there is nothing to open.
    expect(await editResource(db, id, { ...FORM, title }, BY)).toMatchObject({
      ok: false,
      field: 'url',
    });
  });
});
