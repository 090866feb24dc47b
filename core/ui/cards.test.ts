import { describe, expect, it } from 'vitest';
import {
  CTA_CARD_IMAGE_SIZE,
  DEFAULT_CTA_ICON,
  GENERIC_CARD_HEADING_LEVEL,
  cardHeadingLevel,
  cardLink,
} from './cards.ts';

describe('cards (spec 2.7, 9)', () => {
  it('gives the generic card heading level 3 by default', () => {
    expect(GENERIC_CARD_HEADING_LEVEL).toBe(3);
    expect(cardHeadingLevel(undefined, GENERIC_CARD_HEADING_LEVEL)).toBe(3);
    expect(cardHeadingLevel(null, GENERIC_CARD_HEADING_LEVEL)).toBe(3);
    expect(cardHeadingLevel(2, GENERIC_CARD_HEADING_LEVEL)).toBe(2);
  });

  it('passes an invalid level on, for the heading rule to drop', () => {
    expect(cardHeadingLevel(9, 3)).toBe(9);
  });

  it('sizes the CTA image 100px on mobile and 140px on desktop', () => {
    expect(CTA_CARD_IMAGE_SIZE).toEqual({ mobile: 100, desktop: 140 });
  });

  it('draws an arrow by the CTA text', () => {
    expect(DEFAULT_CTA_ICON).toBe('right-arrow');
  });
});

describe('call-to-action card link (spec 2.7, 5 External links)', () => {
  const HOST = 'help.example.com';

  it('opens an external URL in a new tab', () => {
    expect(cardLink('https://app.example.com/clients/new', false, HOST)).toEqual({
      href: 'https://app.example.com/clients/new',
      newTab: true,
    });
    expect(cardLink('//cdn.example.org/x', undefined, HOST)?.newTab).toBe(true);
  });

  it('keeps a site URL in the same tab', () => {
    expect(cardLink('/s/topiccatalog', false, HOST)).toEqual({
      href: '/s/topiccatalog',
      newTab: false,
    });
    expect(cardLink('https://help.example.com/s/x', null, HOST)?.newTab).toBe(false);
  });

  it('opens any URL in a new tab when the payload says so', () => {
    expect(cardLink('/s/learning', true, HOST)?.newTab).toBe(true);
  });

  it('has no link without a URL', () => {
    expect(cardLink('', true, HOST)).toBeUndefined();
    expect(cardLink('  ', false, HOST)).toBeUndefined();
    expect(cardLink(undefined, false, HOST)).toBeUndefined();
  });
});
