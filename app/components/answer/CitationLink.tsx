import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { EXTERNAL_LINK_REL, OPENS_IN_NEW_TAB_TEXT } from '~core/content';
import { NewTabMark } from '../search/NewTabMark.tsx';
import type { AnswerCitation } from './answer-stream.ts';
import styles from './GeneratedAnswer.module.css';

/** The gap kept between a preview and the edge of a narrow screen. */
const EDGE_GAP_PX = 8;

export interface CitationLinkProps {
  citation: AnswerCitation;
  href: string;
  /** The cited item's content type label ('Help article'), when it has one. */
  typeLabel?: string;
  className?: string;
  /** The link's accessible name when its visible text is only the number. */
  label?: string;
  onOpen: (citation: AnswerCitation) => void;
  /** Opens the item in a new tab, as help offered inside a form does, and says so. */
  newTab?: boolean;
  children: ReactNode;
}

/**
 * A link to a cited item with a preview of it on hover and on focus. The preview stays while
 * the pointer moves onto it and closes with Escape (WCAG 1.4.13), and screen readers hear it as
 * the link's description.
 */
export function CitationLink({
  citation,
  href,
  typeLabel,
  className,
  label,
  onOpen,
  newTab = false,
  children,
}: CitationLinkProps) {
  const previewId = useId();
  const [open, setOpen] = useState(false);
  const preview = useRef<HTMLSpanElement>(null);

  // A preview next to the screen's edge moves in, so it is never cut off on a phone.
  useLayoutEffect(() => {
    const element = preview.current;
    if (!open || !element) return;
    element.style.setProperty('--preview-shift', '0px');
    const box = element.getBoundingClientRect();
    const room = document.documentElement.clientWidth;
    const shift =
      box.left < EDGE_GAP_PX
        ? EDGE_GAP_PX - box.left
        : box.right > room - EDGE_GAP_PX
          ? room - EDGE_GAP_PX - box.right
          : 0;
    element.style.setProperty('--preview-shift', `${Math.round(shift)}px`);
  }, [open]);

  // Escape closes the preview wherever focus is, also when only the pointer opened it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <span
      className={styles.citation}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <a
        href={href}
        className={className}
        aria-label={label && newTab ? `${label}${OPENS_IN_NEW_TAB_TEXT}` : label}
        aria-describedby={open ? previewId : undefined}
        onClick={() => onOpen(citation)}
        {...(newTab ? { target: '_blank', rel: EXTERNAL_LINK_REL } : {})}
      >
        {children}
        {newTab && !label ? <NewTabMark /> : null}
      </a>
      {open ? (
        <span ref={preview} id={previewId} role="tooltip" className={styles.preview}>
          {typeLabel ? <span className={styles.previewType}>{typeLabel}</span> : null}
          <span className={styles.previewTitle}>{citation.title}</span>
          {citation.text.trim() ? (
            <span className={styles.previewText}>{citation.text}</span>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
