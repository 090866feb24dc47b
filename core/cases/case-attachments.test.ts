import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, checkAttachments } from './case-attachments.ts';
import {
  attachmentKindOf,
  attachmentName,
  attachmentSize,
  type IncomingAttachment,
} from '../validation/index.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const PNG_HEAD = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const file = (fileName: string, head: Uint8Array, size = head.length): IncomingAttachment => ({
  fileName,
  head,
  size,
});

describe('the kind of an attachment, by its first bytes', () => {
  it('tells each accepted kind', () => {
    expect(attachmentKindOf(text('%PDF-1.7\n'))?.contentType).toBe('application/pdf');
    expect(attachmentKindOf(PNG_HEAD)?.contentType).toBe('image/png');
    expect(attachmentKindOf(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe('image/jpeg');
    expect(attachmentKindOf(text('GIF89a..'))?.contentType).toBe('image/gif');
    expect(attachmentKindOf(text('GIF87a..'))?.contentType).toBe('image/gif');
    expect(attachmentKindOf(text('RIFF\u0001\u0002\u0003\u0004WEBPVP8 '))?.contentType).toBe(
      'image/webp',
    );
    expect(attachmentKindOf(text('date,amount\n2026-01-01,12.50\r\n'))?.label).toBe('text file');
    expect(attachmentKindOf(bytes(0xef, 0xbb, 0xbf, ...text('Grüße\tß')))?.label).toBe('text file');
  });

  it('takes text whose last character is cut off at the end of the head', () => {
    const cut = text('Grüße').subarray(0, 3);
    expect(attachmentKindOf(cut)?.label).toBe('text file');
  });

  it('refuses programs, archives, binary data, broken text and nothing', () => {
    expect(attachmentKindOf(text('MZ\u0090\u0000'))).toBeUndefined();
    expect(attachmentKindOf(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeUndefined();
    expect(attachmentKindOf(bytes(0x50, 0x4b, 0x03, 0x04))).toBeUndefined();
    expect(attachmentKindOf(text('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeUndefined();
    expect(attachmentKindOf(bytes(0xc3, 0x28, 0x41))).toBeUndefined();
    expect(attachmentKindOf(text('text with a \u0000 in it'))).toBeUndefined();
    expect(attachmentKindOf(bytes())).toBeUndefined();
  });
});

describe('checking the files of a form or an e-mail', () => {
  it('accepts files whose names say what their content is', () => {
    const result = checkAttachments([
      file('screenshot.PNG', PNG_HEAD, 2048),
      file('C:\\Users\\mia\\invoice.pdf', text('%PDF-1.4')),
      file('export.csv', text('a,b\n')),
    ]);
    expect(result).toEqual({
      ok: true,
      files: [
        expect.objectContaining({ fileName: 'screenshot.PNG', size: 2048 }),
        expect.objectContaining({ fileName: 'invoice.pdf' }),
        expect.objectContaining({ fileName: 'export.csv' }),
      ],
    });
  });

  it('refuses a file whose name lies about its content', () => {
    const result = checkAttachments([file('report.pdf', PNG_HEAD)]);
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining('report.pdf is a PNG image by its content'),
    });
    expect(checkAttachments([file('notes', text('plain words'))]).ok).toBe(false);
  });

  it('refuses a type not on the list, whatever its name says', () => {
    const result = checkAttachments([file('setup.pdf', text('MZ\u0090\u0000'))]);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('not a file type') });
  });

  it('refuses more than ten files, a file over 20 MB and an empty file', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => file(`${index}.png`, PNG_HEAD));
    expect(checkAttachments(eleven)).toEqual({
      ok: false,
      message: 'Attach at most 10 files to one message.',
    });
    expect(checkAttachments(eleven.slice(0, 10)).ok).toBe(true);
    expect(checkAttachments([file('big.png', PNG_HEAD, ATTACHMENT_MAX_BYTES)]).ok).toBe(true);
    expect(checkAttachments([file('big.png', PNG_HEAD, ATTACHMENT_MAX_BYTES + 1)])).toEqual({
      ok: false,
      message: 'big.png is larger than 20 MB. Attach a smaller file.',
    });
    expect(checkAttachments([{ ...file('cut.png', PNG_HEAD), tooLarge: true }]).ok).toBe(false);
    expect(checkAttachments([file('empty.txt', bytes(), 0)])).toEqual({
      ok: false,
      message: 'empty.txt is empty.',
    });
  });
});

describe('names and sizes', () => {
  it('keeps the last path part without control characters or quotes', () => {
    expect(attachmentName('../../etc/passwd')).toBe('passwd');
    expect(attachmentName('a"b\r\nc.txt')).toBe('abc.txt');
    expect(attachmentName('  ')).toBe('attachment');
    const long = attachmentName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('shows sizes as people read them', () => {
    expect(attachmentSize(512)).toBe('512 bytes');
    expect(attachmentSize(2048)).toBe('2 KB');
    expect(attachmentSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
