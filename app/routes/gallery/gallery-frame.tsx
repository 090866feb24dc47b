import type { ReactNode } from 'react';
import styles from './gallery.module.css';

/** The gallery's sections of primitives, in page order, and the frame each state is shown in. */
export const PRIMITIVE_SECTIONS = [
  ['avatar', 'Avatar'],
  ['progress-bar', 'Progress bar'],
  ['buttons', 'Buttons and styled links'],
  ['icons', 'Icons and icon wrapper'],
  ['headings', 'Headings'],
  ['generic-card', 'Generic card'],
  ['cta-card', 'Call-to-action card'],
  ['dialogs', 'Dialogs'],
  ['toasts', 'Toasts'],
  ['init-error', 'Component initialisation error'],
  ['page-sections', 'Page sections and columns'],
  ['background-image', 'Background image'],
] as const;

export type SectionId = (typeof PRIMITIVE_SECTIONS)[number][0];

export function Block({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = PRIMITIVE_SECTIONS.find(([key]) => key === id)?.[1];
  return (
    <section className={styles.block} id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export function State({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.state}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}
