/*
 * The subscriptions module's public face (docs/practices-and-subscriptions.md): the only file
 * other modules, the app's server files and tests import from it.
 */
export {
  findPlan,
  listAllPlans,
  listPlans,
  seedSubscriptionCatalogue,
  setPlanPrice,
  setTierDiscount,
  tierDiscounts,
  type Plan,
  type StaffChangeOutcome,
} from './catalogue.service.ts';
export {
  activateSubscription,
  cancelOwnSubscription,
  changeOwnPlan,
  findOwnSubscription,
  type ActivationOutcome,
  type CancelOutcome,
  type OwnSubscription,
  type PlanChangeOutcome,
} from './customer.service.ts';
export {
  CHANGE_KINDS,
  changeFiltersFrom,
  changesCsv,
  practiceChanges,
  practiceClients,
  subscriptionChanges,
  type ChangeFilters,
  type ChangeView,
  type PracticeClient,
} from './history.service.ts';
export { findPracticeOrder, orderInvoice, type PracticeOrder } from './invoice.service.ts';
export { placeOrder, reviewOrder, type OrderOutcome, type OrderReview } from './orders.service.ts';
export {
  auditTrail,
  listOrders,
  listTransfers,
  staffAudit,
  staffOrders,
  staffTransfers,
  type AuditView,
  type OrderView,
  type TransferView,
} from './overview.service.ts';
export { subscriptionLinks, type SubscriptionLinks } from './subscription-links.ts';
export { seedDemoSubscriptions } from './subscriptions.demo.ts';
export type { Actor, BuyingPractice, SubscriptionsContext } from './subscriptions.context.ts';
export type { SubscriptionsTables } from './subscriptions.tables.ts';
export {
  decideTransfer,
  readTransferLink,
  requestTransfer,
  type DecisionOutcome,
  type TransferOutcome,
  type TransferPreview,
} from './transfers.service.ts';
export { withdrawTransfer, type WithdrawalOutcome } from './transfer-withdrawal.service.ts';
