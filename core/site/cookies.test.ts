import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others, trimmed', () => {
    expect(readCookie('a=1; LLREGION=AU; b=2', 'LLREGION')).toBe('AU');
    expect(readCookie('LLREGION=NZ', 'LLREGION')).toBe('NZ');
  });

  it('matches the whole name only', () => {
    expect(readCookie('XLLREGION=AU; LLREGIONX=NZ', 'LLREGION')).toBeUndefined();
  });

  it('takes the first of duplicates, as browsers send the most specific first', () => {
    expect(readCookie('LLREGION=AU; LLREGION=NZ', 'LLREGION')).toBe('AU');
  });

  it('decodes percent-encoding and drops surrounding quotes', () => {
    expect(readCookie('CookieConsent=%7B%22statistics%22%3Atrue%7D', 'CookieConsent')).toBe(
      '{"statistics":true}',
    );
    expect(readCookie('a="quoted"', 'a')).toBe('quoted');
  });

  it('keeps a value that is not valid percent-encoding as it is', () => {
    expect(readCookie('a=100%', 'a')).toBe('100%');
  });

  it('keeps = inside the value', () => {
    expect(readCookie('token=abc==; x=1', 'token')).toBe('abc==');
  });

  it('answers undefined without a header or the cookie', () => {
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie(null, 'a')).toBeUndefined();
    expect(readCookie('', 'a')).toBeUndefined();
    expect(readCookie('garbage; b=2', 'a')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  it('writes a site-wide, Lax cookie with its lifetime', () => {
    expect(serializeCookie('LLREGION', 'UK', { maxAgeSeconds: 604_800, secure: false })).toBe(
      'LLREGION=UK; Max-Age=604800; Path=/; SameSite=Lax',
    );
  });

  it('adds Secure on HTTPS sites', () => {
    expect(serializeCookie('a', 'b', { maxAgeSeconds: 10, secure: true })).toBe(
      'a=b; Max-Age=10; Path=/; SameSite=Lax; Secure',
    );
  });

  it('encodes the value so it reads back unchanged', () => {
    const value = '{"a":true; b}';
    const cookie = serializeCookie('c', value, { maxAgeSeconds: 1, secure: false });
    expect(readCookie(cookie.split('; ')[0], 'c')).toBe(value);
  });
});
