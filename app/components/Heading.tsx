import type { ReactNode } from 'react';
import { sideNavHeadingEvent, type SideNavHeading } from '../../core/side-navigation.ts';

export interface HeadingProps {
  /** 1 to 6; any other level renders nothing (spec 5 'Headings'). */
  level: number;
  children: ReactNode;
  /** Rendered as assistive text only. */
  visuallyHidden?: boolean;
  className?: string;
  id?: string;
  /**
   * Registers the heading with the side navigation: it takes the side-navigation id and the
   * scroll offset, so the 'On this page' link built from the same event lands on it.
   */
  sideNav?: Omit<SideNavHeading, 'level'>;
}

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
type Level = (typeof LEVELS)[number];

function isLevel(level: number): level is Level {
  return (LEVELS as readonly number[]).includes(level);
}

export function Heading({ level, children, visuallyHidden, className, id, sideNav }: HeadingProps) {
  if (!isLevel(level)) return null;
  const Tag = `h${level}` as const;
  const event = sideNav ? sideNavHeadingEvent({ ...sideNav, level }) : undefined;
  const classes = [visuallyHidden ? 'visually-hidden' : undefined, className].filter(Boolean);
  return (
    <Tag
      id={event?.id ?? id}
      className={classes.length > 0 ? classes.join(' ') : undefined}
      style={event ? { scrollMarginTop: `${event.sideNavScrollOffset}px` } : undefined}
    >
      {children}
    </Tag>
  );
}
