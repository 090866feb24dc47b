import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { sideNavHeadingEvent, type SideNavHeading, type SideNavHeadingEvent } from '~core/content';

/** Adds a heading to a side navigation; returns how to take it off again. */
export type RegisterSideNavHeading = (event: SideNavHeadingEvent) => () => void;

/** Provided by whatever draws the side navigation for the headings inside it. */
export const SideNavRegistry = createContext<RegisterSideNavHeading | null>(null);

/**
 * The headings registered by the Heading components below a SideNavRegistry provider, in
 * mounting order, for a SideNavigation to list.
 */
export function useSideNavRegistry(): {
  headings: SideNavHeadingEvent[];
  register: RegisterSideNavHeading;
} {
  const [headings, setHeadings] = useState<SideNavHeadingEvent[]>([]);
  const register = useCallback<RegisterSideNavHeading>((event) => {
    setHeadings((current) => [...current, event]);
    return () => setHeadings((current) => current.filter((entry) => entry !== event));
  }, []);
  return { headings, register };
}

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
   * scroll offset, so the 'On this page' link built from the same event lands on it. Inside a
   * SideNavRegistry provider the event is also sent to it once the heading is on the page.
   */
  sideNav?: Omit<SideNavHeading, 'level'>;
}

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
type Level = (typeof LEVELS)[number];

function isLevel(level: number): level is Level {
  return (LEVELS as readonly number[]).includes(level);
}

export function Heading({ level, children, visuallyHidden, className, id, sideNav }: HeadingProps) {
  const register = useContext(SideNavRegistry);
  const valid = isLevel(level);
  const event = sideNav && valid ? sideNavHeadingEvent({ ...sideNav, level }) : undefined;
  const eventKey = event ? JSON.stringify(event) : undefined;

  useEffect(() => {
    if (!register || eventKey === undefined) return;
    return register(JSON.parse(eventKey) as SideNavHeadingEvent);
  }, [register, eventKey]);

  if (!valid) return null;
  const Tag = `h${level}` as const;
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
