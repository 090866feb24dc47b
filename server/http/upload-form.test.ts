import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '~core/cases';
import { BodyRefusal } from './request-bodies.ts';
import { readUploadForm, removeUploads } from './upload-form.ts';

/** A browser's multipart post of `form`, as the request stream the page mount reads. */
async function post(form: FormData): Promise<IncomingMessage> {
  const request = new Request('http://portal.test/s/case', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const stream = Readable.from([body]) as unknown as IncomingMessage;
  stream.headers = { 'content-type': request.headers.get('content-type') ?? '' };
  return stream;
}

describe('page forms with files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-form-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the text and writes each file to the folder with its size, first bytes and hash', async () => {
    const form = new FormData();
    form.append('body', 'See the log, please. Ünïcode kept.');
    form.append('attachments', new Blob(['line one\nline two\n']), 'sync.log');
    form.append('attachments', new Blob([]), ''); // an input left empty
    const read = await readUploadForm(await post(form), dir);
    expect(read.fields.get('body')).toBe('See the log, please. Ünïcode kept.');
    expect(read.files).toHaveLength(1);
    const [file] = read.files;
    expect(file).toMatchObject({ field: 'attachments', fileName: 'sync.log', size: 18 });
    expect(file?.tooLarge).toBeUndefined();
    expect(Buffer.from(file?.head ?? []).toString()).toBe('line one\nline two\n');
    expect(file?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readFile(file?.path ?? '', 'utf8')).toBe('line one\nline two\n');
    await removeUploads(read.files.map((each) => each.path));
    expect(await readdir(dir)).toEqual([]);
  });

  it('marks a file past the limit too large, keeps none of it, and still reads the text after it', async () => {
    const form = new FormData();
    form.append('attachments', new Blob([Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x41)]), 'big.txt');
    form.append('body', 'Typed after the file.');
    const read = await readUploadForm(await post(form), dir);
    expect(read.fields.get('body')).toBe('Typed after the file.');
    expect(read.files[0]).toMatchObject({ fileName: 'big.txt', tooLarge: true });
    expect(existsSync(read.files[0]?.path ?? '')).toBe(false);
  });

  it('keeps one file past the count, enough for the rules to refuse the count', async () => {
    const form = new FormData();
    for (let index = 0; index < 13; index += 1)
      form.append('attachments', new Blob([`file ${index}\n`]), `f${index}.txt`);
    form.append('body', 'Many files.');
    const read = await readUploadForm(await post(form), dir);
    expect(read.files).toHaveLength(11);
    expect(read.fields.get('body')).toBe('Many files.');
  });

  it('refuses a broken body with 400 and leaves no file behind', async () => {
    const stream = Readable.from([
      Buffer.from('--x\r\nContent-Disposition: form-data; name="a"; filename="a.txt"\r\n\r\nabc'),
    ]) as unknown as IncomingMessage;
    stream.headers = { 'content-type': 'multipart/form-data; boundary=x' };
    const refused = await readUploadForm(stream, dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BodyRefusal);
    expect((refused as BodyRefusal).status).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a multipart type without a boundary with 400', async () => {
    const stream = Readable.from([Buffer.from('a=b')]) as unknown as IncomingMessage;
    stream.headers = { 'content-type': 'multipart/form-data' };
    const refused = await readUploadForm(stream, dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BodyRefusal);
    expect((refused as BodyRefusal).status).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });
});
