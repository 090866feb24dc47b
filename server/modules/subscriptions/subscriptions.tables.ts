/* The client subscriptions' tables (migration 0031-subscriptions). */

export type BilledTo = 'practice' | 'client';
export type SubscriptionStatus = 'invited' | 'active' | 'cancelled';
export type TransferDirection = 'to-practice' | 'to-client';
export type TransferStatus = 'awaiting-client' | 'approved' | 'declined' | 'withdrawn';
export type ChangeKind = 'new' | 'upgraded' | 'downgraded' | 'transferred' | 'cancelled';

export interface SubscriptionPlanTable {
  market: string;
  code: string;
  name: string;
  currency: string;
  /** Net of tax, in the currency's minor units. */
  monthly_price_minor: number;
  rank: number;
  active: number;
  updated_at: string;
}

export interface SubscriptionTierDiscountTable {
  tier: string;
  basis_points: number;
  updated_at: string;
}

export interface SubscriptionOrderTable {
  id: string;
  /** The invoice number the practice sees. */
  number: string;
  practice_id: string;
  /** The practice's name when it placed the order, as the invoice names who it bills. */
  practice_name: string;
  placed_by: string;
  request_key: string;
  market: string;
  currency: string;
  subtotal_minor: number;
  discount_minor: number;
  discount_basis_points: number;
  tax_minor: number;
  tax_label: string;
  total_minor: number;
  placed_at: string;
}

export interface SubscriptionOrderLineTable {
  order_id: string;
  line: number;
  subscription_id: string;
  business_name: string;
  contact_email: string;
  plan_code: string;
  start_date: string;
  unit_price_minor: number;
  discount_minor: number;
  net_minor: number;
}

export interface SubscriptionTable {
  id: string;
  market: string;
  plan_code: string;
  business_name: string;
  contact_email: string;
  owner_user_id: string | null;
  practice_id: string | null;
  billed_to: BilledTo;
  status: SubscriptionStatus;
  start_date: string;
  /** The last day of a cancelled subscription. */
  ends_on: string | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionTransferTable {
  id: string;
  subscription_id: string;
  practice_id: string;
  /** The practice's name when it asked. */
  practice_name: string;
  requested_by: string;
  direction: TransferDirection;
  effective_date: string;
  /** What the new payer is charged for the rest of the period from the effective date. */
  prorated_minor: number;
  status: TransferStatus;
  expires_at: string;
  requested_at: string;
  decided_at: string | null;
}

export interface SubscriptionChangeTable {
  id: string;
  subscription_id: string;
  practice_id: string | null;
  kind: ChangeKind;
  business_name: string;
  from_plan: string | null;
  to_plan: string | null;
  detail: string;
  effective_date: string;
  amount_minor: number;
  currency: string;
  occurred_at: string;
}

export interface SubscriptionAuditEntryTable {
  id: string;
  subject_kind: 'subscription' | 'order' | 'transfer' | 'plan' | 'discount';
  subject_id: string;
  action: string;
  actor: string;
  /** JSON: what changed. */
  detail: string;
  at: string;
}

export interface SubscriptionsTables {
  subscription_plan: SubscriptionPlanTable;
  subscription_tier_discount: SubscriptionTierDiscountTable;
  subscription_order: SubscriptionOrderTable;
  subscription_order_line: SubscriptionOrderLineTable;
  subscription: SubscriptionTable;
  subscription_transfer: SubscriptionTransferTable;
  subscription_change: SubscriptionChangeTable;
  subscription_audit_entry: SubscriptionAuditEntryTable;
}
