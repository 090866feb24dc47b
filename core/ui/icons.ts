/** Spec 3 'Icon names', in the spec's order. */
export const ICON_NAMES = [
  'default',
  'csv',
  'help',
  'cross',
  'copy',
  'invalid',
  'checkbox-check',
  'right-arrow',
  'external',
  'chevron',
  'chevron-left',
  'caret',
  'filter',
  'heart',
  'trash',
  'warning',
  'info',
  'information',
  'checkCircle',
  'clock',
  'plus',
  'transfer',
  'phone',
  'diamond',
  'person-add',
  'ask-help',
  'folder',
  'credit-card',
  'check',
  'discount',
  'points',
  'lock',
  'voucher',
  'clock-detailed',
  'plant',
  'book-bookmark',
  'networking-people',
  'clockDetailedTemporary',
  'calendar',
  'trophy',
  'block',
  'eye',
  'pencil',
  'trash-can',
  'mountain',
  'settings',
  'desktop',
  'menu',
  'reload',
  'person',
  'switch',
  'tune',
  'list',
  'envelope',
  'phone-detailed',
  'comment',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function isIconName(name: unknown): name is IconName {
  return typeof name === 'string' && (ICON_NAMES as readonly string[]).includes(name);
}

export function invalidIconMessage(name: unknown): string {
  return `Invalid icon name: ${String(name)}`;
}

/** Spec 8: an invalid icon name logs a warning and draws nothing. */
export function resolveIcon(name: unknown, warn: (message: string) => void): IconName | undefined {
  if (isIconName(name)) return name;
  warn(invalidIconMessage(name));
  return undefined;
}

/** Spec 9 'Icon sizes', in pixels; medium is the default. */
export const ICON_SIZES = {
  'xx-small': 12,
  'x-small': 16,
  small: 20,
  medium: 24,
  large: 32,
} as const;

export type IconSize = keyof typeof ICON_SIZES;
export const DEFAULT_ICON_SIZE: IconSize = 'medium';

export function iconPixels(size: string | undefined): number {
  return size !== undefined && Object.hasOwn(ICON_SIZES, size)
    ? ICON_SIZES[size as IconSize]
    : ICON_SIZES[DEFAULT_ICON_SIZE];
}

/** Spec 3 'Icon wrapper'. */
export const ICON_WRAPPER_TYPES = ['circle', 'square'] as const;
export const ICON_WRAPPER_SIZES = { default: 40, xlarge: 60 } as const;
export const ICON_WRAPPER_OVERLAYS = ['alpha', 'solid'] as const;
export const ICON_WRAPPER_COLORS = ['blue', 'grey-3', 'violet', 'green', 'black'] as const;

export type IconWrapperType = (typeof ICON_WRAPPER_TYPES)[number];
export type IconWrapperSize = keyof typeof ICON_WRAPPER_SIZES;
export type IconWrapperOverlay = (typeof ICON_WRAPPER_OVERLAYS)[number];
export type IconWrapperColor = (typeof ICON_WRAPPER_COLORS)[number];

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

export interface IconWrapperOptions {
  type: IconWrapperType;
  size: IconWrapperSize;
  bgOverlay: IconWrapperOverlay;
  color: IconWrapperColor;
}

/** The wrapper's settings, each falling back to its default: circle, 40px, alpha, blue. */
export function iconWrapperOptions(
  input: Partial<Record<keyof IconWrapperOptions, unknown>>,
): IconWrapperOptions {
  return {
    type: oneOf(ICON_WRAPPER_TYPES, input.type, 'circle'),
    size: oneOf(Object.keys(ICON_WRAPPER_SIZES) as IconWrapperSize[], input.size, 'default'),
    bgOverlay: oneOf(ICON_WRAPPER_OVERLAYS, input.bgOverlay, 'alpha'),
    color: oneOf(ICON_WRAPPER_COLORS, input.color, 'blue'),
  };
}
