import { describe, expect, it } from 'vitest';
import { requestRegion } from './request-region.ts';

const request = (headers: Record<string, string>) => new Request('http://site/0/', { headers });

describe('requestRegion', () => {
  it("reads the '{prefix}REGION' cookie, mapped", () => {
    expect(requestRegion(request({ cookie: 'a=1; LLREGION=GB' }), 'LL')).toBe('UK');
    expect(requestRegion(request({ cookie: 'LLREGION=ZA' }), 'LL')).toBe('SA');
    expect(requestRegion(request({ cookie: 'LLREGION=FR' }), 'LL')).toBe('ROW');
  });

  it("uses the configured prefix's cookie only", () => {
    expect(
      requestRegion(request({ cookie: 'LLREGION=AU', 'accept-language': 'en-NZ' }), 'XY'),
    ).toBe('NZ');
    expect(requestRegion(request({ cookie: 'XYREGION=CA' }), 'XY')).toBe('CA');
  });

  it('prefers the cookie to the languages', () => {
    expect(
      requestRegion(request({ cookie: 'LLREGION=US', 'accept-language': 'en-AU' }), 'LL'),
    ).toBe('US');
  });

  it('guesses from Accept-Language without the cookie', () => {
    expect(requestRegion(request({ 'accept-language': 'en-GB,en;q=0.9' }), 'LL')).toBe('UK');
    expect(requestRegion(request({}), 'LL')).toBe('ROW');
  });
});
