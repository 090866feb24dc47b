import { createRouteContract } from '~core/routes';

// Only page keys are used here, whose paths do not depend on the product name.
const contract = createRouteContract({ product: 'community', siteUrl: '', log: () => {} });

export function discussionPath(id: string): string {
  return contract.path('discussion', { id }) ?? `/s/question/${id}`;
}

export function unsubscribePath(token: string): string {
  const base = contract.path('unsubscribeTopic') ?? '/s/unsubscribe-topic';
  return `${base}?token=${encodeURIComponent(token)}`;
}
