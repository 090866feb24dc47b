import { describe, expect, it } from 'vitest';
import {
  appCardModel,
  appFunctionsLabel,
  appInitials,
  appLogoColor,
  appStoreLinkText,
  logoTextColor,
} from './app-card.ts';
import { createRouteContract } from '../routes/index.ts';
import type { SearchResult } from './result.ts';

const settings = {
  brand: 'Ledgerleaf',
  learningBaseUrl: 'https://learn.example.com',
  appsHost: 'https://apps.example.com',
  contract: createRouteContract({ product: 'Ledgerleaf', siteUrl: 'https://help.example.com' }),
};

function app(raw: SearchResult['raw'], overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    title: 'Stock Pro',
    excerpt: 'Inventory for growing shops',
    excerptHighlights: [],
    titleHighlights: [],
    uniqueId: 'app-1',
    clickUri: 'https://index.example.com/app-1',
    raw,
    ...overrides,
  };
}

describe('app cards (spec 2.6)', () => {
  it("links with 'View in {brand} App Store'", () => {
    expect(appStoreLinkText('Ledgerleaf')).toBe('View in Ledgerleaf App Store');
    expect(appStoreLinkText('Acme')).toBe('View in Acme App Store');
  });

  it('uses the default logo colour #13b5ea when the app has none or an unreadable one', () => {
    expect(appLogoColor(undefined)).toBe('#13b5ea');
    expect(appLogoColor('')).toBe('#13b5ea');
    expect(appLogoColor('blue')).toBe('#13b5ea');
    expect(appLogoColor('#12345')).toBe('#13b5ea');
    expect(appLogoColor('red;background:url(x)')).toBe('#13b5ea');
  });

  it("takes the app's hex colour, with or without '#'", () => {
    expect(appLogoColor('#FF8800')).toBe('#ff8800');
    expect(appLogoColor('00aa11')).toBe('#00aa11');
    expect(appLogoColor(' #abc ')).toBe('#abc');
  });

  it('draws initials in whichever of white or near-black contrasts more with the logo colour', () => {
    expect(logoTextColor('#13b5ea')).toBe('#1f2933');
    expect(logoTextColor('#0b3d91')).toBe('#ffffff');
    expect(logoTextColor('#fff')).toBe('#1f2933');
    expect(logoTextColor('#000')).toBe('#ffffff');
  });

  it('makes initials from the first two words, without punctuation or symbols', () => {
    expect(appInitials('Stock Pro')).toBe('SP');
    expect(appInitials('stock')).toBe('S');
    expect(appInitials('  A.B. (Payroll) & More ')).toBe('AP');
    expect(appInitials('One Two Three')).toBe('OT');
    expect(appInitials('')).toBe('');
  });

  it('lists functions sorted and comma-joined', () => {
    expect(appFunctionsLabel(['Payroll', 'invoicing', 'Banking'])).toBe(
      'Banking, invoicing, Payroll',
    );
    expect(appFunctionsLabel(['B', ' ', 'A', 'B'])).toBe('A, B');
    expect(appFunctionsLabel([])).toBeUndefined();
  });

  it('builds a whole card from the raw fields', () => {
    const card = appCardModel(
      app({
        syssource: 'Apps',
        mphaslisting: 'true',
        mpslug: 'stock-pro',
        mplogohexcolor: '0b3d91',
        mplogourl: 'https://cdn.example.com/stock.png',
        mpfunctions: ['Inventory', 'Accounting'],
        mpdescription: 'Stock control',
        mprating: '4.5',
        mpreviewcount: 1,
      }),
      settings,
    );
    expect(card).toEqual({
      name: 'Stock Pro',
      description: 'Stock control',
      logoUrl: 'https://cdn.example.com/stock.png',
      logoColor: '#0b3d91',
      initials: 'SP',
      initialsColor: '#ffffff',
      functions: 'Accounting, Inventory',
      rating: {
        rating: 4.5,
        total: 5,
        starFills: [100, 100, 100, 100, 50],
        ratingText: '4.5 out of 5 stars',
        reviewText: '1 review',
      },
      link: 'https://apps.example.com/app/stock-pro',
      linkText: 'View in Ledgerleaf App Store',
    });
  });

  it('falls back to the excerpt, the default colour and no logo', () => {
    const card = appCardModel(
      app({ syssource: 'Apps', mphaslisting: 'false', mplandingpageurl: 'https://stock.example' }),
      settings,
    );
    expect(card.description).toBe('Inventory for growing shops');
    expect(card.logoColor).toBe('#13b5ea');
    expect(card.logoUrl).toBeUndefined();
    expect(card.functions).toBeUndefined();
    expect(card.rating.reviewText).toBe('No reviews');
    expect(card.link).toBe('https://stock.example');
  });

  it('never draws a logo from anything but a web address', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AA', '/local.png']) {
      expect(appCardModel(app({ mplogourl: url }), settings).logoUrl).toBeUndefined();
    }
  });
});
