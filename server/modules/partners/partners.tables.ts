import type { Insertable, Selectable } from 'kysely';
import type { LedgerEntryKind, ServiceJobStatus } from '~core/partner';

/** Points at which each tier starts. */
export interface PartnerTierLevelTable {
  tier: string;
  points_threshold: number;
}

/**
 * A partner's standing in the programme. The balance and tier points are running totals of the
 * ledger, kept in the same transaction as each entry, so reading them costs one row.
 */
export interface PartnerMemberTable {
  user_id: string;
  tier: string;
  /** 0 until the partner has seen the celebration of their current tier. */
  tier_acknowledged: number;
  /** Points to spend: the sum of every ledger entry. */
  points_balance: number;
  /** Points that count for the tier: every entry but redemptions. */
  tier_points: number;
  /** The last screen reached in the update-account flow, null before it is started. */
  update_account_flow_screen: string | null;
  joined_at: string | null;
  updated_at: string;
}

/** Something a partner did that the programme counts, once per source event. */
export interface PartnerEventTable {
  id: string;
  user_id: string;
  kind: string;
  source_event: string;
  subject: string | null;
  occurred_at: string;
}

/** One line of the append-only points ledger. */
export interface PartnerPointsEntryTable {
  id: string;
  user_id: string;
  kind: LedgerEntryKind;
  points: number;
  reason: string;
  source_event: string;
  occurred_at: string;
  expires_at: string | null;
  /** The admin who made an adjustment; null for the programme's own entries. */
  recorded_by: string | null;
}

/** Points an event earns, and for how many days they stay (null: for good). */
export interface PartnerEarningRuleTable {
  event_kind: string;
  points: number;
  valid_days: number | null;
}

export interface PartnerOnboardingStepTable {
  position: number;
  name: string;
  completed_by: string;
  image_name: string;
  /** 0042: off the card from then; partners' progress is read from events, so it stays. */
  retired_at: string | null;
}

/** A rule of a suggested-steps strategy: the step, who is offered it and what completes it. */
export interface PartnerStepRuleTable {
  strategy_name: string;
  name: string;
  position: number;
  description: string;
  mandatory: number;
  due_days: number | null;
  redirect_url: string;
  points: number;
  completed_by: string;
  from_tier: string | null;
}

/** The partner's contact person at the provider, shown on the onboarding card. */
export interface PartnerContactTable {
  user_id: string;
  name: string;
  title: string;
  avatar_url: string | null;
}

/** A suggested next step (the platform's recommendation record) offered to one partner. */
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

export interface PartnerChallengeTable {
  id: string;
  name: string;
  description: string;
  /** The kind of event that counts towards the goal. */
  goal_kind: string;
  goal_count: number;
  points: number;
  starts_on: string;
  ends_on: string;
  created_at: string;
  /** 0050: a reward of the catalogue won on completing it, besides its points (null: none). */
  reward_id: string | null;
}

export interface PartnerChallengeEntryTable {
  challenge_id: string;
  user_id: string;
  joined_at: string;
  on_leaderboard: number;
  completed_at: string | null;
}

export interface PartnerRewardTable {
  id: string;
  name: string;
  description: string;
  points_cost: number;
  stock: number | null;
  created_at: string;
  /** When an admin stopped offering it; its redemptions keep naming it. */
  retired_at: string | null;
}

export type RedemptionStatus = 'requested' | 'fulfilled' | 'cancelled';

export interface PartnerRedemptionTable {
  id: string;
  user_id: string;
  reward_id: string;
  points: number;
  status: RedemptionStatus;
  request_key: string;
  created_at: string;
  updated_at: string;
  /** 0050: the challenge whose prize it is (no points spent), null for a redemption. */
  challenge_id: string | null;
  /** 0050: 1 when a prize's reward had run out: an admin fulfils it another way. */
  out_of_stock: number;
}

/** One saved screen of a partner's update-account flow. */
export interface PartnerAccountUpdateAnswerTable {
  user_id: string;
  screen: number;
  /** The screen's checked answers, as JSON of field name to value. */
  answers: string;
  updated_at: string;
}

/** A guide, marketing kit or template in the partners' library. */
export interface PartnerResourceTable {
  id: string;
  title: string;
  summary: string;
  resource_type: string;
  product: string;
  /** The lowest tier that may open it. */
  min_tier: string;
  url: string;
  download_count: number;
  published_at: string;
  /** 0042: out of the library and not downloadable; the count stays. */
  retired_at: string | null;
}

/** The file an admin uploaded for a resource (migration 0049); its resource's link is empty. */
export interface PartnerResourceFileTable {
  resource_id: string;
  /** The name partners' downloads are given. */
  file_name: string;
  /** Told from the file's first bytes when it was uploaded. */
  content_type: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  uploaded_at: string;
}

/** A recognition badge issued to a partner for a tier (an Open Badges assertion). */
export interface PartnerBadgeAssertionTable {
  id: string;
  user_id: string;
  tier: string;
  issued_at: string;
  revoked_at: string | null;
  /** '{user}:{tier}' while in force, null once revoked. */
  in_force_key: string | null;
}

/** A managed-service job offered to partner practices, taken by one (migration 0032). */
export interface PartnerServiceJobTable {
  id: string;
  title: string;
  job_kind: string;
  description: string;
  client_name: string;
  client_email: string;
  status: ServiceJobStatus;
  practice_id: string | null;
  accepted_by: string | null;
  accepted_at: string | null;
  started_at: string | null;
  completed_by: string | null;
  completed_at: string | null;
  completion_notes: string | null;
  /** The client's stars, 1 to 5, once rated. */
  rating: number | null;
  rating_comment: string | null;
  rated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One admin write that changed the programme's configuration (migration 0048). */
export interface PartnerConfigurationChangeTable {
  id: string;
  changed_at: string;
  /** The admin's user id. */
  changed_by: string;
  /** What kind of thing changed (core/partner CONFIGURATION_SUBJECTS). */
  subject_kind: string;
  /** Which one: its id, tier, event kind, position or strategy and name. */
  subject_id: string;
  /** Its name when it changed. */
  subject_name: string;
  /** Old → new for each field that changed, or what it was added with. */
  summary: string;
}

export interface PartnersTables {
  partner_tier_level: PartnerTierLevelTable;
  partner_member: PartnerMemberTable;
  partner_event: PartnerEventTable;
  partner_points_entry: PartnerPointsEntryTable;
  partner_earning_rule: PartnerEarningRuleTable;
  partner_onboarding_step: PartnerOnboardingStepTable;
  partner_step_rule: PartnerStepRuleTable;
  partner_contact: PartnerContactTable;
  partner_suggested_step: PartnerSuggestedStepTable;
  partner_step_reaction: PartnerStepReactionTable;
  partner_challenge: PartnerChallengeTable;
  partner_challenge_entry: PartnerChallengeEntryTable;
  partner_reward: PartnerRewardTable;
  partner_redemption: PartnerRedemptionTable;
  partner_account_update_answer: PartnerAccountUpdateAnswerTable;
  partner_resource: PartnerResourceTable;
  partner_badge_assertion: PartnerBadgeAssertionTable;
  partner_service_job: PartnerServiceJobTable;
  partner_configuration_change: PartnerConfigurationChangeTable;
  partner_resource_file: PartnerResourceFileTable;
}

export type PartnerMemberRow = Selectable<PartnerMemberTable>;
export type NewPartnerMemberRow = Insertable<PartnerMemberTable>;
export type PartnerPointsEntryRow = Selectable<PartnerPointsEntryTable>;
export type NewPartnerPointsEntryRow = Insertable<PartnerPointsEntryTable>;
export type PartnerSuggestedStepRow = Selectable<PartnerSuggestedStepTable>;
export type NewPartnerSuggestedStepRow = Insertable<PartnerSuggestedStepTable>;
export type PartnerTierLevelRow = Selectable<PartnerTierLevelTable>;
export type PartnerStepRuleRow = Selectable<PartnerStepRuleTable>;
export type PartnerOnboardingStepRow = Selectable<PartnerOnboardingStepTable>;
export type PartnerChallengeRow = Selectable<PartnerChallengeTable>;
export type PartnerRewardRow = Selectable<PartnerRewardTable>;

/** A step with the partner's reaction to it, as the repository reads it. */
export interface SuggestedStepWithReaction extends PartnerSuggestedStepRow {
  reaction: StepReaction | null;
}
export type PartnerResourceRow = Selectable<PartnerResourceTable>;
export type PartnerBadgeAssertionRow = Selectable<PartnerBadgeAssertionTable>;
export type PartnerServiceJobRow = Selectable<PartnerServiceJobTable>;
