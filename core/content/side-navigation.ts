/** Spec 9: where a heading lands below the top of the window, and where it sorts. */
export const DEFAULT_SIDE_NAV_SCROLL_OFFSET = 64;
export const DEFAULT_SIDE_NAV_ORDER = 0;

/** Spec 3 'Side-navigation heading event': what a heading tells the side navigation about itself. */
export interface SideNavHeadingEvent {
  /** The heading level the side navigation nests by (2 or 3 on an article). */
  sideNavElement: number;
  sideNavOrder: number;
  title: string;
  id: string;
  sideNavScrollOffset: number;
}

/** The heading's anchor: its title lower-cased, spaces replaced by hyphens, then URL-encoded. */
export function sideNavId(title: string): string {
  return encodeURIComponent(title.toLowerCase().replace(/ /g, '-'));
}

export interface SideNavHeading {
  heading: string;
  level: number;
  sideNavTitle?: string;
  sideNavOrder?: number;
  sideNavScrollOffset?: number;
}

export function sideNavHeadingEvent(heading: SideNavHeading): SideNavHeadingEvent {
  const title = heading.sideNavTitle?.trim() ? heading.sideNavTitle : heading.heading;
  return {
    sideNavElement: heading.level,
    sideNavOrder: heading.sideNavOrder ?? DEFAULT_SIDE_NAV_ORDER,
    title,
    id: sideNavId(title),
    sideNavScrollOffset: heading.sideNavScrollOffset ?? DEFAULT_SIDE_NAV_SCROLL_OFFSET,
  };
}

/**
 * A title repeated on one page would give two headings one id: later ones get '-2', '-3'… so
 * every link of the side navigation lands on its own heading.
 */
export function withUniqueIds(events: readonly SideNavHeadingEvent[]): SideNavHeadingEvent[] {
  const seen = new Map<string, number>();
  return events.map((event) => {
    const count = (seen.get(event.id) ?? 0) + 1;
    seen.set(event.id, count);
    return count === 1 ? event : { ...event, id: `${event.id}-${count}` };
  });
}

/** The 'On this page' list: by sideNavOrder, ties kept in document order. */
export function sideNavEntries(events: readonly SideNavHeadingEvent[]): SideNavHeadingEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.sideNavOrder - b.event.sideNavOrder || a.index - b.index)
    .map(({ event }) => event);
}
