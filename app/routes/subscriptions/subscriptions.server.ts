import type { AppLoadContext } from 'react-router';
import type { PracticeMarket } from '~core/practices';
import {
  SUBSCRIPTION_ACTIVATE_PATH,
  SUBSCRIPTION_TRANSFER_DECISION_PATH,
} from '~core/subscriptions';
import type { PortalUser } from '~server/modules/identity';
import { findManagedPractice } from '~server/modules/practices';
import type { Actor, BuyingPractice, SubscriptionsContext } from '~server/modules/subscriptions';
import { partnerAccess } from '../partners/partners.server.ts';

/**
 * What the subscription pages share: the services' context, the signed-in person as the
 * services know them, and the practice a partner acts for. A '.server' module, so the pages
 * take the services from here, never from server/.
 */
export {
  activateSubscription,
  auditTrail,
  cancelOwnSubscription,
  CHANGE_KINDS,
  changeFiltersFrom,
  changeOwnPlan,
  changesCsv,
  decideTransfer,
  findOwnSubscription,
  findPracticeOrder,
  listAllPlans,
  listOrders,
  listPlans,
  listTransfers,
  orderInvoice,
  placeOrder,
  practiceChanges,
  practiceClients,
  readTransferLink,
  requestTransfer,
  reviewOrder,
  setPlanPrice,
  setTierDiscount,
  staffAudit,
  staffOrders,
  staffTransfers,
  subscriptionChanges,
  tierDiscounts,
  withdrawTransfer,
  type ChangeFilters,
  type ChangeView,
  type OrderReview,
  type PracticeOrder,
  type TransferPreview,
} from '~server/modules/subscriptions';

export function subscriptionsContext(context: AppLoadContext): SubscriptionsContext {
  const site = context.config.siteUrl;
  return {
    db: context.db,
    now: context.clock.now(),
    signer: context.subscriptionLinks,
    links: {
      activate: (token) => `${site}${SUBSCRIPTION_ACTIVATE_PATH}?token=${token}`,
      transfer: (token) => `${site}${SUBSCRIPTION_TRANSFER_DECISION_PATH}?token=${token}`,
    },
  };
}

export function actorOf(user: PortalUser): Actor {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim() || (user.email ?? 'Customer'),
    email: user.email ?? '',
  };
}

export type PracticeAccess =
  | { kind: 'not-partner' }
  /** A partner who belongs to no practice yet: they create or join one first. */
  | { kind: 'no-practice' }
  | { kind: 'practice'; actor: Actor; practice: BuyingPractice };

/** The practice the signed-in partner acts for; a guest is sent to sign in. */
export async function practiceAccess(
  context: AppLoadContext,
  request: Request,
): Promise<PracticeAccess> {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' };
  const managed = await findManagedPractice(context, access.user.id);
  if (!managed) return { kind: 'no-practice' };
  const { id, name, market, tier } = managed.practice;
  return {
    kind: 'practice',
    actor: actorOf(access.user),
    practice: { id, name, market: market as PracticeMarket, tier },
  };
}

/** What a page shows someone who does not act for a practice, as two kinds the page tells apart. */
export function withoutPractice(
  access: Exclude<PracticeAccess, { kind: 'practice' }>,
): { kind: 'not-partner' } | { kind: 'no-practice' } {
  return access.kind === 'not-partner' ? { kind: 'not-partner' } : { kind: 'no-practice' };
}
