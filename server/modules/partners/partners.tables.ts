import type { Insertable, Selectable } from 'kysely';

/** Points at which each tier starts. */
export interface PartnerTierLevelTable {
  tier: string;
  points_threshold: number;
}

/** A partner's standing in the programme: tier, points and the update-account flow. */
export interface PartnerMemberTable {
  user_id: string;
  tier: string;
  /** 0 until the partner has seen the celebration of their current tier. */
  tier_acknowledged: number;
  points_balance: number;
  /** The last screen reached in the update-account flow, null before it is started. */
  update_account_flow_screen: string | null;
  updated_at: string;
}

/** The onboarding call to action a partner is shown, and the contact person on it. */
export interface PartnerOnboardingTable {
  user_id: string;
  show_cta: number;
  title: string;
  body: string;
  link: string;
  current_step: number;
  total_steps: number;
  current_step_name: string;
  image_name: string;
  contact_name: string | null;
  contact_title: string | null;
  contact_avatar_url: string | null;
  updated_at: string;
}

/** A suggested next step (the platform's recommendation record) for one partner. */
export interface PartnerSuggestedStepTable {
  id: string;
  user_id: string;
  strategy_name: string;
  name: string;
  description: string | null;
  mandatory: number;
  complete: number;
  /** YYYY-MM-DD, or null when the step has no due date. */
  due_date: string | null;
  redirect_url: string | null;
  points: number | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export type StepReaction = 'accept' | 'reject';

/** The partner's current reaction to a step: following it (accept) or dismissing it (reject). */
export interface PartnerStepReactionTable {
  step_id: string;
  user_id: string;
  reaction: StepReaction;
  reacted_at: string;
}

export interface PartnersTables {
  partner_tier_level: PartnerTierLevelTable;
  partner_member: PartnerMemberTable;
  partner_onboarding: PartnerOnboardingTable;
  partner_suggested_step: PartnerSuggestedStepTable;
  partner_step_reaction: PartnerStepReactionTable;
}

export type PartnerMemberRow = Selectable<PartnerMemberTable>;
export type NewPartnerMemberRow = Insertable<PartnerMemberTable>;
export type PartnerOnboardingRow = Selectable<PartnerOnboardingTable>;
export type NewPartnerOnboardingRow = Insertable<PartnerOnboardingTable>;
export type PartnerSuggestedStepRow = Selectable<PartnerSuggestedStepTable>;
export type NewPartnerSuggestedStepRow = Insertable<PartnerSuggestedStepTable>;
export type PartnerTierLevelRow = Selectable<PartnerTierLevelTable>;

/** A step with the partner's reaction to it, as the repository reads it. */
export interface SuggestedStepWithReaction extends PartnerSuggestedStepRow {
  reaction: StepReaction | null;
}
