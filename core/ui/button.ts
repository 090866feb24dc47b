/**
 * Spec 2.7 'Button': the first reading's eight variants, plus 'standard-no-border' of the
 * second reading.
 */
export const BUTTON_VARIANTS = [
  'main',
  'standard',
  'tertiary',
  'negative',
  'inverse',
  'grey',
  'icon',
  'link',
  'standard-no-border',
] as const;

export const BUTTON_SIZES = ['large', 'medium', 'small'] as const;
export const ICON_POSITIONS = ['left', 'right'] as const;

export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type IconPosition = (typeof ICON_POSITIONS)[number];

export const DEFAULT_BUTTON_VARIANT: ButtonVariant = 'standard';
export const DEFAULT_BUTTON_SIZE: ButtonSize = 'medium';
export const DEFAULT_BUTTON_ICON_POSITION: IconPosition = 'left';
/** Spec 2.7 'Styled link': the icon sits on the right unless told otherwise. */
export const DEFAULT_LINK_ICON_POSITION: IconPosition = 'right';

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

export type ButtonElement = 'link' | 'disabled-link' | 'button';

export interface ButtonModel {
  variant: ButtonVariant;
  size: ButtonSize;
  iconPosition: IconPosition;
  element: ButtonElement;
  /** The label is spoken but not shown: the icon variant shows its icon alone. */
  labelHidden: boolean;
}

export interface ButtonInput {
  variant?: unknown;
  size?: unknown;
  iconPosition?: unknown;
  href?: string;
  disabled?: boolean;
}

/**
 * How a button renders. With an href it is a link; a disabled link keeps its look but loses its
 * href, so it can be neither followed nor focused into a dead end.
 */
export function buttonModel(input: ButtonInput): ButtonModel {
  const variant = oneOf(BUTTON_VARIANTS, input.variant, DEFAULT_BUTTON_VARIANT);
  const hasHref = typeof input.href === 'string' && input.href !== '';
  return {
    variant,
    size: oneOf(BUTTON_SIZES, input.size, DEFAULT_BUTTON_SIZE),
    iconPosition: oneOf(ICON_POSITIONS, input.iconPosition, DEFAULT_BUTTON_ICON_POSITION),
    element: hasHref ? (input.disabled ? 'disabled-link' : 'link') : 'button',
    labelHidden: variant === 'icon',
  };
}

export function linkIconPosition(position: unknown): IconPosition {
  return oneOf(ICON_POSITIONS, position, DEFAULT_LINK_ICON_POSITION);
}
