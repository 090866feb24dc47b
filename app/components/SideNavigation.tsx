import { useEffect, useState } from 'react';
import { sideNavEntries, type SideNavHeadingEvent } from '~core/content';
import styles from './SideNavigation.module.css';

/**
 * The 'On this page' list of the headings that registered with it. Each link is a plain
 * anchor, so it works before any script runs; the headings carry their scroll offset as a
 * scroll margin. Once the page is interactive, the section being read is marked.
 */
export function SideNavigation({
  headings,
  label = 'On this page',
}: {
  headings: readonly SideNavHeadingEvent[];
  label?: string;
}) {
  const entries = sideNavEntries(headings);
  const current = useCurrentSection(entries);
  if (entries.length === 0) return null;
  const topLevel = Math.min(...entries.map((entry) => entry.sideNavElement));
  return (
    <nav aria-label={label} className={styles.sideNav}>
      <p className={styles.title} aria-hidden="true">
        {label}
      </p>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li
            key={entry.id}
            className={entry.sideNavElement > topLevel ? styles.nested : styles.item}
          >
            <a
              href={`#${entry.id}`}
              className={styles.link}
              aria-current={current === entry.id ? 'location' : undefined}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function useCurrentSection(entries: readonly SideNavHeadingEvent[]): string | undefined {
  const [current, setCurrent] = useState<string>();
  const ids = entries.map((entry) => entry.id).join('\n');
  const offset = entries[0]?.sideNavScrollOffset ?? 0;
  useEffect(() => {
    if (!ids || typeof IntersectionObserver === 'undefined') return;
    const headings = ids
      .split('\n')
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) {
          if (change.isIntersecting) visible.add(change.target.id);
          else visible.delete(change.target.id);
        }
        const first = headings.find((heading) => visible.has(heading.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: `-${offset}px 0px -55% 0px` },
    );
    for (const heading of headings) observer.observe(heading);
    return () => observer.disconnect();
  }, [ids, offset]);
  return current;
}
