import { openingState, type OpeningState, type RegionHours } from './opening-hours.ts';

/** The ways the hub offers to reach people, in the order it lists them. */
export const CONTACT_WAYS = ['chat', 'callback', 'book-a-call', 'case', 'community'] as const;
export type ContactWay = (typeof CONTACT_WAYS)[number];

/**
 * Chat is always open: with an agent online a person can take it live ('agents'), otherwise
 * the assistant answers and a request for a person becomes a case ('assistant').
 */
export type ChatAvailability = 'agents' | 'assistant';

export interface ContactWayState {
  way: ContactWay;
  /** Open all the time ('always'), by the region's hours, or chat's own state. */
  availability: 'always' | OpeningState | ChatAvailability;
}

/**
 * Which ways are open now for a region: a callback needs people on duty now; chat reaches a
 * person when an agent is online and the assistant otherwise; a call is booked for later, a
 * case waits in the queue and the community answers at any hour.
 */
export function contactWays(
  hours: RegionHours,
  now: Date,
  agentOnline: boolean,
): ContactWayState[] {
  const staffed = openingState(hours, now);
  return CONTACT_WAYS.map((way) => ({
    way,
    availability:
      way === 'callback'
        ? staffed
        : way === 'chat'
          ? agentOnline
            ? 'agents'
            : 'assistant'
          : 'always',
  }));
}
