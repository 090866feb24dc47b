import type { MouseEvent, ReactNode } from 'react';
import {
  DEFAULT_CTA_ICON,
  GENERIC_CARD_HEADING_LEVEL,
  cardLink,
  type CardLink as CardLinkTarget,
  resolveImageSource,
} from '~core/ui';
import { hostOf } from '~core/routes';
import { EXTERNAL_LINK_REL, OPENS_IN_NEW_TAB_TEXT } from '~core/content';
import { useSiteConfig } from '~app/site.ts';
import { Heading } from '../Heading.tsx';
import { RichText } from '../rich-text/RichText.tsx';
import { Icon } from './Icon.tsx';
import styles from './Card.module.css';

export interface CtaCardProps {
  title: string;
  /** Plain or rendered content; use bodyHtml for sanitised rich text. */
  body?: ReactNode;
  bodyHtml?: string;
  url?: string | null;
  ctaText?: string;
  headingLevel?: number;
  imageUrl?: string | null;
  imageAlt?: string;
  openInNewTab?: boolean;
  ctaIconName?: string;
  /** Replaces the image (the onboarding card's masked avatar, for one). */
  media?: ReactNode;
  topContent?: ReactNode;
  optionalContent?: ReactNode;
  action?: ReactNode;
  selected?: boolean;
  layout?: 'default' | 'progress';
  pathwayLink?: boolean;
  /**
   * Which text carries the link: the title (default), or the CTA text when the link has words
   * of its own ('Continue your partner onboarding'). Either way the whole card is clickable.
   */
  linkOn?: 'title' | 'cta';
  /** Called when the card's link is followed (the onboarding card's analytics event). */
  onCardClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}

/**
 * Spec 2.7 'Call-to-action card'. The card has one link (on the title or the CTA text) whose
 * click area covers the whole card, so no second link repeats it.
 * Slots (top content, optional content, action) sit above the click area and stay usable.
 */
export function CtaCard({
  title,
  body,
  bodyHtml,
  url,
  ctaText,
  headingLevel = GENERIC_CARD_HEADING_LEVEL,
  imageUrl,
  imageAlt = '',
  openInNewTab,
  ctaIconName = DEFAULT_CTA_ICON,
  media,
  topContent,
  optionalContent,
  action,
  selected = false,
  layout = 'default',
  pathwayLink = false,
  linkOn = 'title',
  onCardClick,
  className,
}: CtaCardProps) {
  const siteUrl = useSiteConfig()?.siteUrl;
  const link = cardLink(url, openInNewTab, siteUrl ? hostOf(siteUrl) : '');
  const classes = [
    styles.card,
    styles.cta,
    selected ? styles.selected : undefined,
    layout === 'progress' ? styles.progressLayout : undefined,
    pathwayLink ? styles.pathway : undefined,
    className,
  ];
  const linkTo = (target: CardLinkTarget, text: string, icon?: ReactNode) => (
    <a
      className={styles.titleLink}
      href={target.href}
      onClick={onCardClick}
      {...(target.newTab ? { target: '_blank', rel: EXTERNAL_LINK_REL } : {})}
    >
      {text}
      {icon}
      {target.newTab ? <span className="visually-hidden">{OPENS_IN_NEW_TAB_TEXT}</span> : null}
    </a>
  );
  const ctaIcon = <Icon name={ctaIconName} size="x-small" className={styles.ctaIcon} />;
  const image =
    media ??
    (imageUrl ? <img src={resolveImageSource(imageUrl)} alt={imageAlt} loading="lazy" /> : null);
  return (
    <div className={classes.filter(Boolean).join(' ')} data-selected={selected || undefined}>
      {image ? <div className={styles.media}>{image}</div> : null}
      <div className={styles.content}>
        {topContent ? <div className={styles.slot}>{topContent}</div> : null}
        <Heading level={headingLevel} className={styles.heading}>
          {link && linkOn === 'title' ? linkTo(link, title) : title}
          {selected ? <span className="visually-hidden"> (selected)</span> : null}
        </Heading>
        {bodyHtml ? <RichText html={bodyHtml} className={styles.body} /> : null}
        {body ? <div className={styles.body}>{body}</div> : null}
        {optionalContent ? (
          <div className={`${styles.slot} ${styles.optional}`}>{optionalContent}</div>
        ) : null}
        {ctaText ? (
          <span className={styles.ctaText}>
            {link && linkOn === 'cta' ? (
              linkTo(link, ctaText, ctaIcon)
            ) : (
              <>
                {ctaText}
                {ctaIcon}
              </>
            )}
          </span>
        ) : null}
        {action ? <div className={styles.slot}>{action}</div> : null}
      </div>
      {selected ? <Icon name="checkCircle" className={styles.selectedMark} /> : null}
    </div>
  );
}
