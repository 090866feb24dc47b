import { describe, expect, it } from 'vitest';
import {
  articleJsonLd,
  breadcrumbListJsonLd,
  definedTermJsonLd,
  serializeJsonLd,
} from './json-ld.ts';

describe('serializeJsonLd', () => {
  it('cannot end its script early, and still parses to the same value', () => {
    const value = { headline: '</script><script>alert(1)</script> <!-- & \u2028 \u2029' };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('articleJsonLd', () => {
  it('names the headline, the dates and the brand as author and publisher', () => {
    const value = articleJsonLd({
      headline: 'Connect a bank feed',
      description: 'Link your bank.',
      url: 'https://help.example/s/article/connect-a-bank-feed',
      datePublished: '2025-02-12',
      dateModified: '2026-08-30',
      brand: 'Ledgerleaf',
      siteUrl: 'https://help.example',
    });
    expect(value).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Connect a bank feed',
      datePublished: '2025-02-12',
      dateModified: '2026-08-30',
      author: { '@type': 'Organization', name: 'Ledgerleaf' },
      publisher: { '@type': 'Organization', name: 'Ledgerleaf' },
    });
  });

  it('leaves out dates it was not given', () => {
    const value = articleJsonLd({
      headline: 'A',
      description: 'B',
      url: 'https://help.example/x',
      brand: 'Ledgerleaf',
      siteUrl: 'https://help.example',
    });
    expect(value).not.toHaveProperty('datePublished');
    expect(value).not.toHaveProperty('dateModified');
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the items from 1 and links those that have a URL', () => {
    expect(
      breadcrumbListJsonLd([
        { name: 'Home', url: 'https://help.example/0/' },
        { name: 'Bank feeds' },
        { name: 'Connect', url: 'https://help.example/s/article/c' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://help.example/0/' },
      { '@type': 'ListItem', position: 2, name: 'Bank feeds' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Connect',
        item: 'https://help.example/s/article/c',
      },
    ]);
  });
});

describe('definedTermJsonLd', () => {
  it('places the term in the glossary it belongs to', () => {
    expect(
      definedTermJsonLd({
        term: 'Accrual accounting',
        description: 'Recording income when earned.',
        url: 'https://help.example/0/glossary/accrual-accounting',
        glossaryUrl: 'https://help.example/0/glossary',
        glossaryName: 'Ledgerleaf glossary',
      }),
    ).toMatchObject({
      '@type': 'DefinedTerm',
      name: 'Accrual accounting',
      inDefinedTermSet: { '@type': 'DefinedTermSet', url: 'https://help.example/0/glossary' },
    });
  });
});
