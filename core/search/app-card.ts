import { DEFAULT_APP_LOGO_COLOR } from '../content/index.ts';
import { resultLink, type ResultLinkSettings } from './result-links.ts';
import { rawList, rawNumber, rawText, type SearchResult } from './result.ts';
import { starRating, type StarRating } from '../ui/index.ts';

/** Spec 2.6 app cards: the link text. */
export function appStoreLinkText(brand: string): string {
  return `View in ${brand} App Store`;
}

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The logo's background colour: the app's hex colour ('#' optional), else #13b5ea. */
export function appLogoColor(hex: string | undefined): string {
  const match = HEX_COLOR.exec(hex?.trim() ?? '');
  return match ? `#${match[1]!.toLowerCase()}` : DEFAULT_APP_LOGO_COLOR;
}

function channel(value: number): number {
  const share = value / 255;
  return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
}

function luminance(color: string): number {
  const hex = color.slice(1);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [red, green, blue] = [0, 2, 4].map((at) => channel(parseInt(full.slice(at, at + 2), 16)));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#1f2933';

/**
 * The colour of initials drawn on a logo colour: white or near-black, whichever contrasts more,
 * since apps choose their colours freely and the default (#13b5ea) is too light for white.
 */
export function logoTextColor(background: string): string {
  const back = luminance(appLogoColor(background));
  const contrast = (text: string) => {
    const fore = luminance(text);
    return (Math.max(back, fore) + 0.05) / (Math.min(back, fore) + 0.05);
  };
  return contrast(LIGHT_TEXT) >= contrast(DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * Initials shown when an app has no logo, made as spec 5 makes avatar initials: punctuation and
 * symbols stripped, the first character of the first two words, upper-cased.
 */
export function appInitials(name: string, maxChars = 2): string {
  return name
    .replace(/[\p{P}\p{S}]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, maxChars)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
}

/** Spec 2.6: the app's functions, sorted and comma-joined; undefined when it lists none. */
export function appFunctionsLabel(functions: readonly string[]): string | undefined {
  const unique = [...new Set(functions.map((item) => item.trim()).filter(Boolean))];
  if (unique.length === 0) return undefined;
  return unique.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })).join(', ');
}

/** A logo is drawn only from a web address, never from a script or data URL in the index. */
function logoUrl(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value) ? value : undefined;
}

export interface AppCardModel {
  name: string;
  description: string | undefined;
  /** The logo image; undefined means initials are drawn on the logo colour instead. */
  logoUrl: string | undefined;
  logoColor: string;
  initials: string;
  initialsColor: string;
  functions: string | undefined;
  rating: StarRating;
  /** The marketplace page (spec 2.6 rule 6); it opens in a new tab. */
  link: string;
  linkText: string;
}

/** What an app card shows for an app result (spec 2.6 'App cards'). */
export function appCardModel(
  result: SearchResult,
  settings: ResultLinkSettings & { brand: string },
): AppCardModel {
  const raw = result.raw;
  const logoColor = appLogoColor(rawText(raw, 'mplogohexcolor'));
  return {
    name: result.title,
    description: rawText(raw, 'mpdescription') ?? (result.excerpt.trim() || undefined),
    logoUrl: logoUrl(rawText(raw, 'mplogourl')),
    logoColor,
    initials: appInitials(result.title),
    initialsColor: logoTextColor(logoColor),
    functions: appFunctionsLabel(rawList(raw, 'mpfunctions')),
    rating: starRating(rawNumber(raw, 'mprating'), rawNumber(raw, 'mpreviewcount')),
    link: resultLink(result, settings),
    linkText: appStoreLinkText(settings.brand),
  };
}
