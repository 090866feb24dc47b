import { openingState, type OpeningState, type RegionHours } from './opening-hours.ts';

/** The ways the hub offers to reach people, in the order it lists them. */
export const CONTACT_WAYS = ['callback', 'book-a-call', 'case', 'community'] as const;
export type ContactWay = (typeof CONTACT_WAYS)[number];

export interface ContactWayState {
  way: ContactWay;
  /** Open all the time ('always'), or by the region's hours. */
  availability: 'always' | OpeningState;
}

/**
 * Which ways are open now for a region: a callback needs people on duty now; a call is booked
 * for later, a case waits in the queue and the community answers at any hour.
 */
export function contactWays(hours: RegionHours, now: Date): ContactWayState[] {
  const staffed = openingState(hours, now);
  return CONTACT_WAYS.map((way) => ({
    way,
    availability: way === 'callback' ? staffed : 'always',
  }));
}
