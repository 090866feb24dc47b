import type { CSSProperties } from 'react';
import { DEFAULT_SIDE_NAV_SCROLL_OFFSET } from '~core/content';
import styles from './RichText.module.css';

/**
 * Rich text rendered and sanitised on the server (core/rich-text): the HTML is inserted as it
 * came, so the Markdown and sanitising libraries never reach the browser.
 */
export function RichText({
  html,
  className,
  scrollOffset = DEFAULT_SIDE_NAV_SCROLL_OFFSET,
}: {
  html: string;
  className?: string;
  /** How far below the window's top a heading lands when its side-navigation link is followed. */
  scrollOffset?: number;
}) {
  const style = { '--rich-text-scroll-offset': `${scrollOffset}px` } as CSSProperties;
  return (
    <div
      className={className ? `${styles.richText} ${className}` : styles.richText}
      style={style}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
