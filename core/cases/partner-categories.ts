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

/** Which queue a case waits in: customers' cases or partners' queries. */
export type CaseQueue = 'customer' | 'partner';
