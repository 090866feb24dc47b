import type { MouseEvent, ReactNode } from 'react';
import {
  buttonModel,
  linkIconPosition,
  type ButtonSize,
  type ButtonVariant,
  type IconPosition,
} from '~core/ui';
import { EXTERNAL_LINK_REL, OPENS_IN_NEW_TAB_TEXT } from '~core/content';
import { Icon } from './Icon.tsx';
import styles from './Button.module.css';

interface SharedProps {
  /** The visible text; for the icon variant it is the accessible name only. */
  label: string;
  iconName?: string;
  className?: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-controls'?: string;
  'aria-expanded'?: boolean;
}

export interface ButtonProps extends SharedProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** With an href it renders as a link; without, as a button. */
  href?: string;
  /** Links only: open in a new tab, saying so to screen readers. */
  newWindow?: boolean;
  type?: 'button' | 'submit' | 'reset';
  name?: string;
  value?: string;
  disabled?: boolean;
  fullWidth?: boolean;
  iconPosition?: IconPosition;
  autoFocus?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

function withIcon(
  label: ReactNode,
  iconName: string | undefined,
  position: IconPosition,
): ReactNode {
  if (!iconName) return label;
  const icon = <Icon name={iconName} size="x-small" />;
  return position === 'left' ? (
    <>
      {icon}
      {label}
    </>
  ) : (
    <>
      {label}
      {icon}
    </>
  );
}

/** Spec 2.7 'Button': a link or a button in one of nine variants and three sizes. */
export function Button({
  label,
  variant,
  size,
  href,
  newWindow = false,
  type = 'button',
  disabled = false,
  fullWidth = false,
  iconName,
  iconPosition,
  className,
  onClick,
  ...rest
}: ButtonProps) {
  const model = buttonModel({ variant, size, iconPosition, href, disabled });
  const classes = [
    styles.button,
    styles[model.variant],
    model.size === 'medium' ? undefined : styles[model.size],
    fullWidth ? styles.fullWidth : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const text = model.labelHidden ? <span className="visually-hidden">{label}</span> : label;
  const content = withIcon(text, iconName, model.iconPosition);

  if (model.element === 'button') {
    return (
      <button {...rest} type={type} className={classes} disabled={disabled} onClick={onClick}>
        {content}
      </button>
    );
  }
  if (model.element === 'disabled-link') {
    return (
      <a {...rest} className={classes} role="link" aria-disabled="true">
        {content}
      </a>
    );
  }
  return (
    <a
      {...rest}
      className={classes}
      href={href}
      onClick={onClick}
      {...(newWindow ? { target: '_blank', rel: EXTERNAL_LINK_REL } : {})}
    >
      {content}
      {newWindow ? <span className="visually-hidden">{OPENS_IN_NEW_TAB_TEXT}</span> : null}
    </a>
  );
}

export interface LinkClickDetail {
  href: string;
  text: string;
}

export interface StyledLinkProps extends SharedProps {
  href: string;
  /** Default right (spec 2.7). */
  iconPosition?: IconPosition;
  newWindow?: boolean;
  /** The click is reported but the browser does not navigate (the parent acts instead). */
  preventNavigation?: boolean;
  /** The link-click event of spec 2.7. */
  onLinkClick?: (detail: LinkClickDetail) => void;
}

/** Spec 2.7 'Styled link': text plus an icon, with a link-click event. */
export function StyledLink({
  label,
  href,
  iconName,
  iconPosition,
  newWindow = false,
  preventNavigation = false,
  onLinkClick,
  className,
  ...rest
}: StyledLinkProps) {
  return (
    <a
      {...rest}
      className={[styles.styledLink, className].filter(Boolean).join(' ')}
      href={href}
      {...(newWindow ? { target: '_blank', rel: EXTERNAL_LINK_REL } : {})}
      onClick={(event) => {
        if (preventNavigation) event.preventDefault();
        onLinkClick?.({ href, text: label });
      }}
    >
      {withIcon(label, iconName, linkIconPosition(iconPosition))}
      {newWindow ? <span className="visually-hidden">{OPENS_IN_NEW_TAB_TEXT}</span> : null}
    </a>
  );
}
