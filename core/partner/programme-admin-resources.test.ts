import { describe, expect, it } from 'vitest';
import {
  checkResourceFile,
  checkResourceForm,
  RESOURCE_FILE_MAX_BYTES,
  resourceLink,
} from './programme-admin-resources.ts';

const FORM = {
  title: ' Year-end checklist ',
  summary: ' What to check before closing the year. ',
  type: 'template',
  product: ' Accounting ',
  minTier: 'bronze',
  url: '/resource/partners/year-end.csv',
};

describe('resourceLink', () => {
  it('takes a portal file under /resource/partners/ or an https address', () => {
    expect(resourceLink(' /resource/partners/guide.pdf ')).toBe('/resource/partners/guide.pdf');
    expect(resourceLink('https://example.com/kit')).toBe('https://example.com/kit');
  });
  it('refuses anything else', () => {
    for (const link of [
      '',
      '/resource/partners/',
      '/resource/partners/../secrets',
      '/resource/partners/a/b.pdf',
      '/admin/partners',
      'http://example.com/kit',
      'javascript:alert(1)',
      'https://localhost/kit',
      `https://example.com/${'x'.repeat(500)}`,
    ])
      expect(resourceLink(link), link).toBeUndefined();
  });
});

describe('checkResourceForm', () => {
  it('trims and keeps a resource', () => {
    expect(checkResourceForm(FORM, 'none')).toEqual({
      ok: true,
      value: {
        title: 'Year-end checklist',
        summary: 'What to check before closing the year.',
        type: 'template',
        product: 'Accounting',
        minTier: 'bronze',
        url: '/resource/partners/year-end.csv',
      },
    });
  });
  it('refuses each field at its own name', () => {
    const cases: Array<[Partial<typeof FORM>, string]> = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ summary: ' ' }, 'summary'],
      [{ summary: 'x'.repeat(301) }, 'summary'],
      [{ type: 'video' }, 'type'],
      [{ product: '' }, 'product'],
      [{ product: 'x'.repeat(61) }, 'product'],
      [{ minTier: 'none' }, 'minTier'],
      [{ minTier: 'diamond' }, 'minTier'],
      [{ url: 'ftp://example.com/x' }, 'url'],
    ];
    for (const [change, field] of cases)
      expect(checkResourceForm({ ...FORM, ...change }, 'none'), field).toMatchObject({
        ok: false,
        field,
      });
  });
});

describe('a resource’s link or uploaded file', () => {
  it('takes the file instead of a link, keeps a stored file, and refuses both or neither', () => {
    const noLink = { ...FORM, url: ' ' };
    expect(checkResourceForm(noLink, 'sent')).toMatchObject({ ok: true, value: { url: null } });
    expect(checkResourceForm(noLink, 'kept')).toMatchObject({ ok: true, value: { url: null } });
    expect(checkResourceForm(noLink, 'none')).toMatchObject({ ok: false, field: 'url' });
    expect(checkResourceForm(FORM, 'sent')).toMatchObject({
      ok: false,
      field: 'url',
      message: 'Give a link or upload a file, not both: empty the link to use the file.',
    });
    // A link typed over a stored file replaces it.
    expect(checkResourceForm(FORM, 'kept')).toMatchObject({
      value: { url: '/resource/partners/year-end.csv' },
    });
  });

  const text = new TextEncoder().encode('Client,Status\nReef Dental,Migrated\n');
  const pdf = new TextEncoder().encode('%PDF-1.7\n');

  it('takes a PDF, an image or a text file whose name says what its content is', () => {
    expect(checkResourceFile({ fileName: 'C:\\kits\\clients.csv', size: 40, head: text })).toEqual({
      ok: true,
      value: { fileName: 'clients.csv', contentType: 'text/plain; charset=utf-8' },
    });
    expect(checkResourceFile({ fileName: 'Guide.PDF', size: 9, head: pdf })).toMatchObject({
      value: { contentType: 'application/pdf' },
    });
  });

  it('refuses a file too big, empty, of another type, or named as another type', () => {
    const refusals: Array<[Parameters<typeof checkResourceFile>[0], string]> = [
      [
        { fileName: 'kit.pdf', size: RESOURCE_FILE_MAX_BYTES + 1, head: pdf },
        'larger than 10.0 MB',
      ],
      [{ fileName: 'kit.pdf', size: 30_000_000, head: pdf, tooLarge: true }, 'larger than'],
      [{ fileName: 'kit.pdf', size: 0, head: new Uint8Array() }, 'kit.pdf is empty.'],
      [
        { fileName: 'kit.zip', size: 4, head: new Uint8Array([0x50, 0x4b, 0x03, 0x04]) },
        'not a file type the library takes',
      ],
      [{ fileName: 'kit.txt', size: 9, head: pdf }, 'rename it to end in .pdf'],
    ];
    for (const [file, message] of refusals) {
      const checked = checkResourceFile(file);
      expect(checked, message).toMatchObject({ ok: false, field: 'file' });
      expect(checked.ok ? '' : checked.message).toContain(message);
    }
  });
});
