import { describe, expect, it } from 'vitest';
import { hostOf, isExternalUrl } from './external-link.ts';

const HOST = 'help.ledgerleaf.example';

describe('isExternalUrl (spec 5 External links)', () => {
  it.each([
    'https://www.example.com/page',
    'http://example.com',
    '//cdn.example.com/file.pdf',
    'ftp://files.example.com/a.csv',
    'navision://client/run',
    'https://help.ledgerleaf.example.evil.com/',
    'https://ledgerleaf.example/',
    'https://help.ledgerleaf.example:8443/',
  ])('%s is external: it has a scheme or //, and another host', (url) => {
    expect(isExternalUrl(url, HOST)).toBe(true);
  });

  it.each([
    'https://help.ledgerleaf.example/s/article/x',
    'HTTPS://HELP.LEDGERLEAF.EXAMPLE/s',
    '//help.ledgerleaf.example/0/',
    'http://help.ledgerleaf.example:80/',
  ])('%s is not external: same host', (url) => {
    expect(isExternalUrl(url, HOST)).toBe(false);
  });

  it.each([
    '/s/article/x',
    'media/a.png',
    '#section',
    '?q=1',
    'example.com/path',
    'www.example.com',
  ])('%s is not external: no scheme and no leading //', (url) => {
    expect(isExternalUrl(url, HOST)).toBe(false);
  });

  it.each(['mailto:help@example.com', 'tel:+61212345678', 'xmpp:support@example.com'])(
    '%s names no host and is not external',
    (url) => {
      expect(isExternalUrl(url, HOST)).toBe(false);
    },
  );

  it('treats a URL that does not parse as not external', () => {
    expect(isExternalUrl('https://', HOST)).toBe(false);
  });

  it('compares with the port of the current host', () => {
    expect(isExternalUrl('http://localhost:3000/x', 'localhost:3000')).toBe(false);
    expect(isExternalUrl('http://localhost:4000/x', 'localhost:3000')).toBe(true);
  });
});

describe('hostOf', () => {
  it('takes host and port of the site URL', () => {
    expect(hostOf('https://help.ledgerleaf.example')).toBe(HOST);
    expect(hostOf('http://127.0.0.1:4123')).toBe('127.0.0.1:4123');
  });
});
