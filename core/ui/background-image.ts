import { resolveImageSource } from './image-source.ts';

/** Spec 2.7 'Background image configuration'. */
export interface BackgroundImageConfig {
  AltText?: string;
  bgPosition?: string;
  bgSizeOrRepeat?: string;
  /** mobile, tablet and desktop URLs, as an object or as its JSON text. */
  SrcSet?: Partial<Record<BackgroundViewport, string>> | string;
}

export const BACKGROUND_VIEWPORTS = ['mobile', 'tablet', 'desktop'] as const;
export type BackgroundViewport = (typeof BACKGROUND_VIEWPORTS)[number];

/** Spec 9 breakpoints: tablet from 600px, desktop from 1200px. */
export const VIEWPORT_MIN_WIDTH: Readonly<Record<BackgroundViewport, number>> = {
  mobile: 0,
  tablet: 600,
  desktop: 1200,
};

const REPEAT_VALUES = ['repeat', 'repeat-x', 'repeat-y', 'no-repeat', 'space', 'round'];
/** Keywords, lengths and percentages only: the value is written into a style attribute. */
const SAFE_CSS_VALUE = /^[a-z0-9.%\s-]+$/i;

export interface BackgroundImage {
  alt: string;
  /** Each viewport's image; a missing one takes the nearest smaller viewport's, else the nearest larger's. */
  sources: Record<BackgroundViewport, string>;
  position: string;
  size: string;
  repeat: string;
}

function parseSrcSet(srcSet: BackgroundImageConfig['SrcSet']): Partial<Record<string, unknown>> {
  if (typeof srcSet === 'string') {
    try {
      const parsed: unknown = JSON.parse(srcSet);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return srcSet ?? {};
}

function safeValue(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed && SAFE_CSS_VALUE.test(trimmed) ? trimmed : fallback;
}

/** The configuration made safe to draw, or null when it names no image at all. */
export function backgroundImage(config: BackgroundImageConfig): BackgroundImage | null {
  const raw = parseSrcSet(config.SrcSet);
  const given = BACKGROUND_VIEWPORTS.map((viewport) => {
    const url = raw[viewport];
    return typeof url === 'string' && url.trim() !== '' ? resolveImageSource(url) : undefined;
  });
  if (given.every((url) => url === undefined)) return null;
  const sources = Object.fromEntries(
    BACKGROUND_VIEWPORTS.map((viewport, index) => {
      const smaller = given
        .slice(0, index + 1)
        .reverse()
        .find(Boolean);
      const larger = given.slice(index + 1).find(Boolean);
      return [viewport, (smaller ?? larger) as string];
    }),
  ) as Record<BackgroundViewport, string>;
  const sizeOrRepeat = config.bgSizeOrRepeat?.trim().toLowerCase();
  const isRepeat = sizeOrRepeat !== undefined && REPEAT_VALUES.includes(sizeOrRepeat);
  return {
    alt: config.AltText?.trim() ?? '',
    sources,
    position: safeValue(config.bgPosition, 'center'),
    size: isRepeat ? 'auto' : safeValue(sizeOrRepeat, 'cover'),
    repeat: isRepeat ? (sizeOrRepeat as string) : 'no-repeat',
  };
}

/** A URL as a CSS url() value, quoted and escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}")`;
}
