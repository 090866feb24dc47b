import type { ReactNode } from 'react';
import { GENERIC_CARD_HEADING_LEVEL, cardHeadingLevel } from '~core/ui';
import { Heading } from '../Heading.tsx';
import { RichText } from '../rich-text/RichText.tsx';
import { Icon } from './Icon.tsx';
import styles from './Card.module.css';

export interface GenericCardProps {
  headerIcon?: string;
  headerLabel?: string;
  heading?: ReactNode;
  /** Default 3 (spec 9); outside 1–6 the heading is left out. */
  headingLevel?: number;
  /** Sanitised rich-text HTML (core/rich-text). */
  bodyHtml?: string;
  extraBody?: ReactNode;
  footer?: ReactNode;
  hideHeader?: boolean;
  hideHeading?: boolean;
  hideBody?: boolean;
  hideExtraBody?: boolean;
  hideFooter?: boolean;
  className?: string;
}

/** Spec 2.7 'Generic card': header, heading, rich-text body, extra body, footer; each can be hidden. */
export function GenericCard({
  headerIcon,
  headerLabel,
  heading,
  headingLevel,
  bodyHtml,
  extraBody,
  footer,
  hideHeader = false,
  hideHeading = false,
  hideBody = false,
  hideExtraBody = false,
  hideFooter = false,
  className,
}: GenericCardProps) {
  const showHeader = !hideHeader && (headerIcon || headerLabel);
  return (
    <div className={[styles.card, className].filter(Boolean).join(' ')}>
      {showHeader ? (
        <p className={styles.header}>
          {headerIcon ? <Icon name={headerIcon} size="small" /> : null}
          {headerLabel}
        </p>
      ) : null}
      {!hideHeading && heading ? (
        <Heading
          level={cardHeadingLevel(headingLevel, GENERIC_CARD_HEADING_LEVEL)}
          className={styles.heading}
        >
          {heading}
        </Heading>
      ) : null}
      {!hideBody && bodyHtml ? <RichText html={bodyHtml} className={styles.body} /> : null}
      {!hideExtraBody && extraBody ? <div className={styles.body}>{extraBody}</div> : null}
      {!hideFooter && footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}
