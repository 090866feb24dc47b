import { useContext } from 'react';
import {
  iconPixels,
  iconWrapperOptions,
  resolveIcon,
  type IconSize,
  type IconWrapperColor,
  type IconWrapperOverlay,
  type IconWrapperSize,
  type IconWrapperType,
} from '~core/ui';
import styles from './Icon.module.css';
import { IconSpriteContext } from './icon-sprite.ts';

export interface IconProps {
  /** One of the spec 3 icon names; anything else logs a warning and draws nothing. */
  name: string;
  size?: IconSize;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
  className?: string;
}

function warn(message: string): void {
  console.warn(message);
}

/**
 * One icon of the sprite (core/ui/icon-drawings.ts, served at /icons.svg): the page points at
 * its symbol, so no page's script or HTML carries the drawings.
 */
export function Icon({ name, size, label, className }: IconProps) {
  const sprite = useContext(IconSpriteContext);
  const icon = resolveIcon(name, warn);
  if (!icon) return null;
  const pixels = iconPixels(size);
  const naming = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      className={[styles.icon, className].filter(Boolean).join(' ')}
      width={pixels}
      height={pixels}
      viewBox="0 0 24 24"
      focusable="false"
      data-icon={icon}
      {...naming}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${sprite}#${icon}`} />
    </svg>
  );
}

export interface IconWrapperProps {
  icon: string;
  type?: IconWrapperType;
  size?: IconWrapperSize;
  bgOverlay?: IconWrapperOverlay;
  color?: IconWrapperColor;
  label?: string;
  className?: string;
}

/** Spec 3 'Icon wrapper': an icon on a circle (default) or square, 40px or 60px. */
export function IconWrapper({ icon, label, className, ...settings }: IconWrapperProps) {
  const options = iconWrapperOptions(settings);
  const classes = [
    styles.wrapper,
    options.type === 'square' ? styles.square : undefined,
    options.size === 'xlarge' ? styles.xlarge : undefined,
    options.bgOverlay === 'solid' ? styles.solid : undefined,
    styles[options.color],
    className,
  ];
  return (
    <span className={classes.filter(Boolean).join(' ')} data-icon-wrapper={options.color}>
      <Icon name={icon} size={options.size === 'xlarge' ? 'large' : 'medium'} label={label} />
    </span>
  );
}
