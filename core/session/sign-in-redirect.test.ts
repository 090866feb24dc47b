import { describe, expect, it } from 'vitest';
import { sameSitePath } from './sign-in-redirect.ts';

const HOME = '/0/';

describe('sameSitePath: after sign-in, only same-site paths (design, "Security baseline")', () => {
  it.each([
    '/0/community',
    '/s/article/connect-a-bank-feed',
    '/0/search?q=bank%20feed&tab=all',
    '/0/topic/0TO000000000000001/payroll#comments',
    '/',
    '/0/search?next=//evil.example',
    '/0/search?q=https://evil.example/',
    '/%2F%2Fevil.example',
  ])('keeps the same-site path %s', (path) => {
    expect(sameSitePath(path, HOME)).toBe(path);
  });

  it.each([
    ['/0/日本', '/0/%E6%97%A5%E6%9C%AC'],
    ['/s/article/café?q=été#résumé', '/s/article/caf%C3%A9?q=%C3%A9t%C3%A9#r%C3%A9sum%C3%A9'],
    ['/0/search?q=Ελλάδα', '/0/search?q=%CE%95%CE%BB%CE%BB%CE%AC%CE%B4%CE%B1'],
  ])('keeps the non-Latin path %s, percent-encoded for the Location header', (path, encoded) => {
    expect(sameSitePath(path, HOME)).toBe(encoded);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['an absolute https URL', 'https://evil.example/'],
    ['an absolute http URL', 'http://evil.example/0/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/0/'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later on', '/0/\\evil'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a scheme in capitals', 'HTTPS://evil.example'],
    ['a relative path', '0/community'],
    ['a bare host', 'evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['a carriage return', '/0/\r\nLocation: https://evil.example'],
    ['a NUL character', '/0/\u0000'],
    ['a DEL character', '/0/\u007f'],
    ['a leading space', ' /0/community'],
    ['a triple slash', '///evil.example'],
  ])('sends %s to home', (_label, startUrl) => {
    expect(sameSitePath(startUrl, HOME)).toBe(HOME);
  });

  it('uses the home path it is given', () => {
    expect(sameSitePath('//evil.example', '/s/')).toBe('/s/');
  });
});
