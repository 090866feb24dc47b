import { isExternalUrl } from '../routes/index.ts';

/** Spec 9 'Headings and layouts': the generic card's heading level when none is configured. */
export const GENERIC_CARD_HEADING_LEVEL = 3;

/** Spec 9 'Sizes and breakpoints': the call-to-action card's image, in pixels. */
export const CTA_CARD_IMAGE_SIZE = { mobile: 100, desktop: 140 } as const;

/** Spec 2.7: the CTA text carries an arrow icon unless the payload names another. */
export const DEFAULT_CTA_ICON = 'right-arrow';

/**
 * A configured heading level, or the card's default when none is set. A set but invalid level
 * is passed on unchanged, so the heading rule (1–6, else nothing) still applies to it.
 */
export function cardHeadingLevel(level: number | null | undefined, fallback: number): number {
  return level === null || level === undefined ? fallback : level;
}

export interface CardLink {
  href: string;
  /** Opens in a new tab, with the hidden ' (opens in a new tab)' (spec 2.7). */
  newTab: boolean;
}

/**
 * Spec 2.7 'Call-to-action card': the title link opens in a new tab when the payload asks for it
 * or when the URL is external (spec 5). No URL, no link.
 */
export function cardLink(
  url: string | null | undefined,
  openInNewTab: boolean | null | undefined,
  currentHost: string,
): CardLink | undefined {
  const href = url?.trim();
  if (!href) return undefined;
  return { href, newTab: openInNewTab === true || isExternalUrl(href, currentHost) };
}
