/** Spec 3 'Avatar' and 9 'Sizes and breakpoints'. */
export const AVATAR_SIZES = {
  xsmall: 24,
  small: 32,
  large: 80,
  xlarge: 120,
  auto: null,
} as const;

export type AvatarSize = keyof typeof AVATAR_SIZES;

export const DEFAULT_AVATAR_SIZE: AvatarSize = 'small';

/** Spec 9: 'Avatar initials: at most 2' is the default of abbrMaxChars. */
export const AVATAR_MAX_INITIALS = 2;

export const AVATAR_PALETTE_COUNT = 10;

/** The platform's default user photo lives under this path segment; it is no real photo. */
export const DEFAULT_USER_PHOTO_MARKER = '/005/';

/** Spec 5: the image is used only when it is present and not the default user photo. */
export function avatarImageUrl(imageUrl: string | null | undefined): string | undefined {
  if (typeof imageUrl !== 'string') return undefined;
  const trimmed = imageUrl.trim();
  if (trimmed === '' || trimmed.includes(DEFAULT_USER_PHOTO_MARKER)) return undefined;
  return trimmed;
}

const PUNCTUATION_AND_SYMBOLS = /[\p{P}\p{S}]/gu;

/**
 * Spec 5: strip punctuation and symbols, split on whitespace, take the first character of the
 * first words up to abbrMaxChars, upper-cased. A non-positive or fractional limit falls back to
 * the nearest whole count of at least one, so a misconfigured block still shows a letter.
 */
export function avatarInitials(
  userName: string,
  abbrMaxChars: number = AVATAR_MAX_INITIALS,
): string {
  const limit = Number.isFinite(abbrMaxChars)
    ? Math.max(1, Math.floor(abbrMaxChars))
    : AVATAR_MAX_INITIALS;
  const words = userName.replace(PUNCTUATION_AND_SYMBOLS, '').split(/\s+/u).filter(Boolean);
  // Array.from keeps a letter outside the Basic Multilingual Plane whole.
  return words
    .slice(0, limit)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * A 32-bit string hash (31 multiplier over UTF-16 code units): the same uuid gives the same
 * palette on the server and in every browser.
 */
export function uuidHash(uuid: string): number {
  let hash = 0;
  for (let index = 0; index < uuid.length; index += 1) {
    hash = (Math.imul(hash, 31) + uuid.charCodeAt(index)) >>> 0;
  }
  return hash;
}

/** Spec 5: palette 1 to 10 by the hash of uuid modulo 10; palette 1 when uuid is empty. */
export function avatarPalette(uuid: string | null | undefined): number {
  if (typeof uuid !== 'string' || uuid === '') return 1;
  return (uuidHash(uuid) % AVATAR_PALETTE_COUNT) + 1;
}

export function resolveAvatarSize(size: string | undefined): AvatarSize {
  return size !== undefined && Object.hasOwn(AVATAR_SIZES, size)
    ? (size as AvatarSize)
    : DEFAULT_AVATAR_SIZE;
}
