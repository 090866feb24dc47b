import { describe, expect, it } from 'vitest';
import {
  AVATAR_PALETTE_COUNT,
  AVATAR_SIZES,
  avatarImageUrl,
  avatarInitials,
  avatarPalette,
  resolveAvatarSize,
  uuidHash,
} from './avatar.ts';

describe('avatar image (spec 5)', () => {
  it('uses a present image URL', () => {
    expect(avatarImageUrl('https://cdn.example.com/photo/abc.png')).toBe(
      'https://cdn.example.com/photo/abc.png',
    );
  });

  it.each([
    'https://example.my.site.com/profilephoto/005/F',
    '/profilephoto/005/T',
    '',
    '   ',
    undefined,
    null,
  ])('falls back to initials for %s', (url) => {
    expect(avatarImageUrl(url)).toBeUndefined();
  });

  it('keeps an image whose URL only has 005 without the slashes', () => {
    expect(avatarImageUrl('https://cdn.example.com/img005.png')).toBe(
      'https://cdn.example.com/img005.png',
    );
  });
});

describe('avatar initials (spec 5)', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(avatarInitials('jane mary smith')).toBe('JM');
  });

  it('strips punctuation and symbols before splitting', () => {
    expect(avatarInitials("O'Brien, (Pat) & Co.")).toBe('OP');
    expect(avatarInitials('— Ana +')).toBe('A');
  });

  it('splits on any whitespace', () => {
    expect(avatarInitials('  ada\t\nlovelace ')).toBe('AL');
  });

  it('honours abbrMaxChars', () => {
    expect(avatarInitials('ada byron lovelace', 3)).toBe('ABL');
    expect(avatarInitials('ada byron lovelace', 1)).toBe('A');
  });

  it('defaults to at most 2 initials', () => {
    expect(avatarInitials('a b c d')).toHaveLength(2);
  });

  it('shows one letter for a limit below one', () => {
    expect(avatarInitials('ada lovelace', 0)).toBe('A');
    expect(avatarInitials('ada lovelace', Number.NaN)).toBe('AL');
  });

  it('gives nothing for a name of only symbols', () => {
    expect(avatarInitials('!!! ###')).toBe('');
  });

  it('keeps letters beyond the basic plane whole', () => {
    expect(avatarInitials('𝒜lice émile')).toBe('𝒜É');
  });
});

describe('avatar palette (spec 5)', () => {
  it('is palette 1 when uuid is empty', () => {
    expect(avatarPalette('')).toBe(1);
    expect(avatarPalette(undefined)).toBe(1);
    expect(avatarPalette(null)).toBe(1);
  });

  it('is the hash modulo 10, plus one', () => {
    expect(uuidHash('a')).toBe(97);
    expect(avatarPalette('a')).toBe(8);
    expect(uuidHash('ab')).toBe(97 * 31 + 98);
    expect(avatarPalette('ab')).toBe(((97 * 31 + 98) % 10) + 1);
  });

  it('is deterministic and spreads over all 10 palettes', () => {
    const seen = new Set<number>();
    for (let index = 0; index < 500; index += 1) {
      const uuid = `0055g00000${index.toString().padStart(8, '0')}`;
      expect(avatarPalette(uuid)).toBe(avatarPalette(uuid));
      seen.add(avatarPalette(uuid));
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(
      Array.from({ length: AVATAR_PALETTE_COUNT }, (_, index) => index + 1),
    );
  });

  it('stays an unsigned 32-bit number for long uuids', () => {
    const hash = uuidHash('x'.repeat(1000));
    expect(hash).toBeGreaterThanOrEqual(0);
    expect(hash).toBeLessThan(2 ** 32);
  });
});

describe('avatar sizes (spec 3)', () => {
  it('has the spec pixel sizes', () => {
    expect(AVATAR_SIZES).toEqual({ xsmall: 24, small: 32, large: 80, xlarge: 120, auto: null });
  });

  it('defaults to small', () => {
    expect(resolveAvatarSize(undefined)).toBe('small');
    expect(resolveAvatarSize('huge')).toBe('small');
    expect(resolveAvatarSize('toString')).toBe('small');
    expect(resolveAvatarSize('xlarge')).toBe('xlarge');
  });
});
