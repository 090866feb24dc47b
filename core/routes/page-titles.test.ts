import { describe, expect, it } from 'vitest';
import { documentTitle, homeDescription, pageHeading } from './page-titles.ts';
import type { SiteNames } from '../site/index.ts';
import { SPEC_PAGE_KEYS } from './spec-route-table.fixture.ts';

const names: SiteNames = { brand: 'Ledgerleaf', product: 'Ledgerleaf Books' };

describe('pageHeading', () => {
  it.each(SPEC_PAGE_KEYS)('%s has a heading of its own', (pageKey) => {
    const heading = pageHeading(pageKey, names);
    expect(heading).not.toBe('Page');
    expect(heading.trim()).toBe(heading);
    expect(heading.length).toBeGreaterThan(2);
  });

  it("titles the home page 'Support' (spec 1)", () => {
    expect(pageHeading('home', names)).toBe('Support');
    expect(documentTitle(pageHeading('home', names), names)).toBe('Support – Ledgerleaf');
  });

  it('names the product where the page is about it', () => {
    expect(pageHeading('contact-product-support', names)).toBe('Contact Ledgerleaf Books support');
    expect(pageHeading('gettingStarted', names)).toBe('Get started with Ledgerleaf Books');
    expect(pageHeading('gettingStarted', { brand: 'B', product: 'Acme' })).toBe(
      'Get started with Acme',
    );
  });

  it("falls back to 'Page' for a key that is not in the table", () => {
    expect(pageHeading('nope', names)).toBe('Page');
    expect(pageHeading('', names)).toBe('Page');
  });
});

describe('documentTitle', () => {
  it("reads 'Support – {brand}' with an en dash (spec 1)", () => {
    const title = documentTitle('Support', names);
    expect(title).toBe('Support \u2013 Ledgerleaf');
    expect(title).not.toContain('-');
    expect(title).not.toContain('\u2014');
  });

  it('puts any heading before the brand', () => {
    expect(documentTitle('My cases', { brand: 'Acme', product: 'Acme Cloud' })).toBe(
      'My cases \u2013 Acme',
    );
  });
});

describe('homeDescription (spec 1)', () => {
  const description = homeDescription(names);

  it.each([
    ['getting support', /\bsupport\b/i],
    ['articles', /\barticles\b/i],
    ['troubleshooting', /\btroubleshoot/i],
    ['discussions with other users', /\bdiscussions with other\b.*\busers\b/i],
    ['contacting support', /\bcontact support\b/i],
  ])('mentions %s', (_what, pattern) => {
    expect(description).toMatch(pattern);
  });

  it('names the product', () => {
    expect(description).toContain('Ledgerleaf Books');
    expect(homeDescription({ brand: 'Acme', product: 'Acme Cloud' })).toContain('Acme Cloud');
  });
});

describe('page headings for keys that are not pages', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    '%s gets the plain fallback, not an inherited property',
    (key) => {
      expect(pageHeading(key, { brand: 'B', product: 'P' })).toBe('Page');
    },
  );
});
