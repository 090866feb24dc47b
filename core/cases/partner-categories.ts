/** The categories of a partner query, routed to the partner queue. */
export const PARTNER_CATEGORIES = [
  { id: 'programme-and-points', name: 'Partner programme and points' },
  { id: 'client-subscriptions', name: "Clients' subscriptions" },
  { id: 'advisor-directory', name: 'Advisor directory' },
  { id: 'billing', name: 'Billing' },
] as const;

export type PartnerCategoryId = (typeof PARTNER_CATEGORIES)[number]['id'];

export function partnerCategoryName(id: string): string | undefined {
  return PARTNER_CATEGORIES.find((category) => category.id === id)?.name;
}

/**
 * Which queue a case waits in: customers' cases, partners' queries, or the identity checks of
 * people who lost their second factor (docs/contact-support.md).
 */
export type CaseQueue = RaisableQueue | 'identity';

/** The queues the raise flow files into; identity checks come only from the MFA help flow. */
export type RaisableQueue = 'customer' | 'partner';
