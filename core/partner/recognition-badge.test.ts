import { describe, expect, it } from 'vitest';
import {
  assertionDocument,
  badgeClassDocument,
  badgeEmbedCode,
  badgeName,
  badgeSvg,
  issuerDocument,
  recognitionBadgePaths,
} from './recognition-badge.ts';

const SITE = { siteUrl: 'https://help.example', brand: 'Ledgerleaf' };

describe('recognition badge', () => {
  it('is named by its tier, starter as the Partner tier', () => {
    expect(badgeName('gold', 'Ledgerleaf')).toBe('Ledgerleaf Gold partner');
    expect(badgeName('starter', 'Ledgerleaf')).toBe('Ledgerleaf Partner');
  });

  it('draws an SVG with its accessible title, escaping the earner’s name', () => {
    const svg = badgeSvg({ tier: 'silver', brand: 'Ledgerleaf', earner: 'A <b>&', revoked: false });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(
      '<title id="badge-title">Ledgerleaf Silver partner: A &lt;b&gt;&amp;</title>',
    );
    expect(svg).not.toContain('<b>');
    const revoked = badgeSvg({ tier: 'silver', brand: 'Ledgerleaf', earner: 'A', revoked: true });
    expect(revoked).toContain('(revoked)');
    expect(revoked).toContain('>Revoked<');
  });

  it('asserts a hosted Open Badges 2.0 badge at its own address, with a hashed recipient', () => {
    const document = assertionDocument(SITE, {
      id: 'abc',
      tier: 'bronze',
      issuedAt: '2026-11-01T00:00:00.000Z',
      revoked: false,
      recipient: { identity: 'sha256$00', salt: 'abc' },
    });
    expect(document).toEqual({
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'Assertion',
      id: 'https://help.example/s/RecognitionBadge/assertions/abc',
      recipient: { type: 'email', hashed: true, salt: 'abc', identity: 'sha256$00' },
      badge: 'https://help.example/s/RecognitionBadge/tiers/bronze',
      image: 'https://help.example/s/RecognitionBadge/assertions/abc/badge.svg',
      evidence: 'https://help.example/s/RecognitionBadge?badge=abc',
      issuedOn: '2026-11-01T00:00:00.000Z',
      verification: { type: 'hosted' },
    });
  });

  it('says a revoked assertion is revoked, and why', () => {
    const document = assertionDocument(SITE, {
      id: 'abc',
      tier: 'gold',
      issuedAt: '2026-11-01T00:00:00.000Z',
      revoked: true,
      recipient: null,
    });
    expect(document).toMatchObject({ revoked: true });
    expect(document).not.toHaveProperty('recipient');
  });

  it('describes the tier’s badge class and its issuer', () => {
    expect(badgeClassDocument(SITE, 'platinum')).toMatchObject({
      type: 'BadgeClass',
      id: 'https://help.example/s/RecognitionBadge/tiers/platinum',
      name: 'Ledgerleaf Platinum partner',
      image: 'https://help.example/img/tier_badges/platinum.svg',
      issuer: 'https://help.example/s/RecognitionBadge/issuer',
    });
    expect(issuerDocument(SITE)).toMatchObject({
      type: 'Issuer',
      name: 'Ledgerleaf',
      url: 'https://help.example',
    });
  });

  it('gives embed code linking the image to the badge’s page', () => {
    expect(badgeEmbedCode('https://help.example', 'a b', 'Gold "partner"')).toBe(
      '<a href="https://help.example/s/RecognitionBadge?badge=a%20b"><img src="https://help.example/s/RecognitionBadge/assertions/a%20b/badge.svg" alt="Gold &quot;partner&quot;" width="240" height="96"></a>',
    );
    expect(recognitionBadgePaths.page('x/y')).toBe('/s/RecognitionBadge?badge=x%2Fy');
  });
});
