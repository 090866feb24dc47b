import { describe, expect, it } from 'vitest';
import { checkResourceForm, resourceLink } from './programme-admin-resources.ts';

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
    expect(checkResourceForm(FORM)).toEqual({
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
      expect(checkResourceForm({ ...FORM, ...change }), field).toMatchObject({ ok: false, field });
  });
});
