/*
 * The subscriptions' own addresses beside the spec's four pages: the invoice of an order, the
 * practice's changes as CSV, and the two pages the e-mailed links open (activate, and approve or
 * decline a transfer), under the customer's page.
 */

export const BUY_SUBSCRIPTIONS_PATH = '/0/partners/buy-multiple-subscriptions';

export const ORDER_INVOICE_PATTERN = `${BUY_SUBSCRIPTIONS_PATH}/orders/:orderId/invoice.pdf`;

export const orderInvoicePath = (orderId: string): string =>
  `${BUY_SUBSCRIPTIONS_PATH}/orders/${encodeURIComponent(orderId)}/invoice.pdf`;

export const SUBSCRIPTION_CHANGES_CSV_PATH = '/0/partners/subscription-changes/changes.csv';

export const SUBSCRIPTION_ACTIVATE_PATH = '/s/subscription-changes/activate';

export const SUBSCRIPTION_TRANSFER_DECISION_PATH = '/s/subscription-changes/transfer';

/** Staff's page of plans, prices, tier discounts, and every practice's orders and transfers. */
export const SUBSCRIPTIONS_ADMIN_PATH = '/admin/subscriptions';
