import type { Kysely } from 'kysely';
import type { PracticeMarket } from '~core/practices';
import type { Database } from '~server/db/schema.ts';
import type { SubscriptionLinks } from './subscription-links.ts';

/** What the subscriptions' services are handed by the pages that call them. */
export interface SubscriptionsContext {
  db: Kysely<Database>;
  now: Date;
  signer: SubscriptionLinks;
  /** Absolute addresses the e-mails link to, for a signed token. */
  links: { activate(token: string): string; transfer(token: string): string };
}

/** The signed-in person acting. */
export interface Actor {
  id: string;
  name: string;
  email: string;
}

/** The practice a person acts for, as the practices module tells the page. */
export interface BuyingPractice {
  id: string;
  name: string;
  market: PracticeMarket;
  /** The programme tier its discount follows. */
  tier: string;
}

/** The day a time falls on, in UTC: the calendar billing runs by. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}
