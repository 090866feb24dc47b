import { describe, expect, it } from 'vitest';
import {
  contentName,
  isContentManagementPath,
  isSiteResource,
  siteResourceAnswer,
  mediaPath,
  ssoStartUrl,
  urlNameFromUrl,
  variantOf,
} from './route-contract.ts';

describe('ssoStartUrl (spec 2.3, "Other paths")', () => {
  it.each([
    ['/s/', '/services/auth/sso/idp?startURL=%2Fs%2F'],
    [
      '/s/article/how-to?language=en_US&x=1',
      '/services/auth/sso/idp?startURL=%2Fs%2Farticle%2Fhow-to%3Flanguage%3Den_US%26x%3D1',
    ],
    ['/0/topic/?topicId=0TO', '/services/auth/sso/idp?startURL=%2F0%2Ftopic%2F%3FtopicId%3D0TO'],
    ['/0/search?q=a b#c', '/services/auth/sso/idp?startURL=%2F0%2Fsearch%3Fq%3Da%20b%23c'],
    // The home page is '/0/' and '/s/', however the router spells its root.
    ['/0', '/services/auth/sso/idp?startURL=%2F0%2F'],
    ['/0?x=1', '/services/auth/sso/idp?startURL=%2F0%2F%3Fx%3D1'],
    ['/s', '/services/auth/sso/idp?startURL=%2Fs%2F'],
    ['/0/', '/services/auth/sso/idp?startURL=%2F0%2F'],
    ['/0learning', '/services/auth/sso/idp?startURL=%2F0learning'],
  ])('goes back to %s', (current, expected) => {
    expect(ssoStartUrl('idp', current)).toBe(expected);
  });

  it('round-trips the current path and query through startURL', () => {
    const current = '/s/case?caseId=500000000000000AAA&tab=files';
    const url = new URL(ssoStartUrl('Ledgerleaf_IdP', current), 'https://help.example');
    expect(url.pathname).toBe('/services/auth/sso/Ledgerleaf_IdP');
    expect(url.searchParams.get('startURL')).toBe(current);
    expect([...url.searchParams.keys()]).toEqual(['startURL']);
  });

  it('encodes the provider name as one path segment', () => {
    expect(ssoStartUrl('my idp/x', '/s/')).toBe('/services/auth/sso/my%20idp%2Fx?startURL=%2Fs%2F');
  });
});

describe('isSiteResource', () => {
  it.each(['/cms/delivery/media/MC1', '/cms/', '/img/logo.png', '/assets/app-1234.js'])(
    '%s is a site resource',
    (path) => {
      expect(isSiteResource(path)).toBe(true);
    },
  );

  it.each(['/cmsx', '/cms', '/image/logo.png', '/imgs/x', '/assetsx/app.js', '/s/cms/x', '/'])(
    '%s is not',
    (path) => {
      expect(isSiteResource(path)).toBe(false);
    },
  );
});

describe('isContentManagementPath', () => {
  it.each(['/sfsites/c', '/sfsites/c/', '/sfsites/c/resource/logo'])('%s is one', (path) => {
    expect(isContentManagementPath(path)).toBe(true);
  });

  it.each(['/sfsites/cx', '/sfsites', '/sfsites/d', '/s/sfsites/c', '/cms/sfsites/c'])(
    '%s is not',
    (path) => {
      expect(isContentManagementPath(path)).toBe(false);
    },
  );
});

describe('siteResourceAnswer', () => {
  it.each([
    '/img/nope.png',
    '/assets/app-0000.js',
    '/cms/anything',
    '/sfsites/c',
    '/sfsites/c/resource/logo',
  ])('%s is missing when it reaches the pages', (path) => {
    expect(siteResourceAnswer(path)).toEqual({ kind: 'missing' });
  });

  it('leads a content-management path to the site resource it names', () => {
    expect(siteResourceAnswer('/sfsites/c/cms/delivery/media/MC1')).toEqual({
      kind: 'resource-at',
      location: '/cms/delivery/media/MC1',
    });
    expect(siteResourceAnswer('/sfsites/c/img/logo.png')).toEqual({
      kind: 'resource-at',
      location: '/img/logo.png',
    });
  });

  it.each(['/', '/s/article/cms', '/0/', '/imgs/x', '/sfsites/cx/img/a.png'])(
    '%s is left to the pages',
    (path) => {
      expect(siteResourceAnswer(path)).toBeUndefined();
    },
  );
});

describe('mediaPath', () => {
  it('has the shape /cms/delivery/media/{contentKey}', () => {
    expect(mediaPath('MCABCDEF123456')).toBe('/cms/delivery/media/MCABCDEF123456');
  });

  it('keeps the content key inside one segment', () => {
    expect(mediaPath('a/b c?d')).toBe('/cms/delivery/media/a%2Fb%20c%3Fd');
  });
});

describe('contentName (spec 2.3)', () => {
  it.each([
    ['/s/end-of-financial-year', 'end of financial year'],
    ['/0/partners/payment-services', 'payment services'],
    ['/0/payment-services/', 'payment services'],
    ['/0/payment-services?tab=a-b', 'payment services'],
    ['/0/payment-services#part-2', 'payment services'],
    ['/0/payment-services/?tab=a-b#c-d', 'payment services'],
    ['/s/article/GST%20and-VAT', 'GST and VAT'],
    ['/s/article/caf%C3%A9-menu', 'café menu'],
    ['/s/bad%E0%A4%A-name', 'bad%E0%A4%A name'],
    ['https://help.example/s/open-banking', 'open banking'],
    ['/s/learning', 'learning'],
    ['/', ''],
    ['', ''],
  ])('%j is named %j', (url, name) => {
    expect(contentName(url)).toBe(name);
  });
});

describe('urlNameFromUrl (spec 5, "Route data")', () => {
  it.each([
    ['/s/article/how-to', 'how-to'],
    ['article/how-to', 'how-to'],
    ['/s/article/how-to/more', 'how-to'],
    ['/s/article/how-to?language=en_US', 'how-to'],
    ['/s/article/how-to#part', 'how-to'],
    ['https://help.example/0/article/how-to?x=1', 'how-to'],
    ['/s/article/what%20is%20GST', 'what is GST'],
    ['/s/article/100%', '100%'],
  ])('%s has the url name %j', (url, urlName) => {
    expect(urlNameFromUrl(url)).toBe(urlName);
  });

  it.each([
    '/s/article',
    '/s/article/',
    '/s/article/?x=1',
    '/s/article/#x',
    '/s/learning',
    '/s/myarticle/how-to',
    '/s/article-list/how-to',
    '',
  ])('%j has none', (url) => {
    expect(urlNameFromUrl(url)).toBeUndefined();
  });
});

describe('variantOf (spec 2.1, 9)', () => {
  it.each([
    ['/s', 'aura'],
    ['/s/', 'aura'],
    ['/s/x', 'aura'],
    ['/s/article/how-to', 'aura'],
    ['/0', 'lwr'],
    ['/0/', 'lwr'],
    ['/0/x', 'lwr'],
  ])('%s is under %s', (path, variant) => {
    expect(variantOf(path)).toBe(variant);
  });

  it.each(['/src', '/01', '/sx/learning', '/S/x', 's/x', '0/x', '/', '', '/learning'])(
    '%j is under neither variant',
    (path) => {
      expect(variantOf(path)).toBeUndefined();
    },
  );
});
