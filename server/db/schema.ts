import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AnalyticsTables } from '~server/modules/analytics';
import type { AnswerTables } from '~server/modules/answers';
import type { CaseTables } from '~server/modules/cases';
import type { CommunityTables } from '~server/modules/community';
import type { ContactTables } from '~server/modules/contact';
import type { ContentTables } from '~server/modules/content';
import type { IdentityTables } from '~server/modules/identity';
import type { InsightTables } from '~server/modules/insight';
import type { JobsTables } from '~server/modules/jobs';
import type { LearningTables } from '~server/modules/learning';
import type { MailTables } from '~server/modules/mail';
import type { PartnersTables } from '~server/modules/partners';
import type { PracticesTables } from '~server/modules/practices';
import type { PrivacyTables } from '~server/modules/privacy';
import type { SearchTables } from '~server/modules/search';
import type { SubscriptionsTables } from '~server/modules/subscriptions';
import type { RateLimitTables } from '~server/modules/site';

/*
 * Times are ISO-8601 UTC strings in text columns on both dialects, so rows read back
 * identically from SQLite and PostgreSQL (see docs/decisions/002-data-layer.md).
 */

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/**
 * What a module's repositories are handed: the database or a transaction of it, seeing only the
 * tables the module owns, so a query on another module's table does not compile. Kysely<Database>
 * and its transactions are both assignable to it.
 */
export type ModuleDatabase<Tables> = Kysely<Tables> | Transaction<Tables>;

export type AppSetting = Selectable<AppSettingTable>;
export type NewAppSetting = Insertable<AppSettingTable>;

export interface Database {
  app_setting: AppSettingTable;
  portal_user: IdentityTables['portal_user'];
  portal_session: IdentityTables['portal_session'];
  oidc_payload: IdentityTables['oidc_payload'];
  partner_tier_level: PartnersTables['partner_tier_level'];
  partner_member: PartnersTables['partner_member'];
  partner_event: PartnersTables['partner_event'];
  partner_points_entry: PartnersTables['partner_points_entry'];
  partner_earning_rule: PartnersTables['partner_earning_rule'];
  partner_onboarding_step: PartnersTables['partner_onboarding_step'];
  partner_step_rule: PartnersTables['partner_step_rule'];
  partner_contact: PartnersTables['partner_contact'];
  partner_challenge: PartnersTables['partner_challenge'];
  partner_challenge_entry: PartnersTables['partner_challenge_entry'];
  partner_reward: PartnersTables['partner_reward'];
  partner_redemption: PartnersTables['partner_redemption'];
  partner_suggested_step: PartnersTables['partner_suggested_step'];
  partner_step_reaction: PartnersTables['partner_step_reaction'];
  partner_account_update_answer: PartnersTables['partner_account_update_answer'];
  partner_resource: PartnersTables['partner_resource'];
  partner_badge_assertion: PartnersTables['partner_badge_assertion'];
  partner_service_job: PartnersTables['partner_service_job'];
  partner_configuration_change: PartnersTables['partner_configuration_change'];
  partner_resource_file: PartnersTables['partner_resource_file'];
  kb_catalogue_label: ContentTables['kb_catalogue_label'];
  kb_topic: ContentTables['kb_topic'];
  kb_article: ContentTables['kb_article'];
  kb_article_topic: ContentTables['kb_article_topic'];
  kb_guide: ContentTables['kb_guide'];
  kb_guide_topic: ContentTables['kb_guide_topic'];
  kb_guide_section: ContentTables['kb_guide_section'];
  kb_guide_article: ContentTables['kb_guide_article'];
  kb_glossary_entry: ContentTables['kb_glossary_entry'];
  kb_marketplace_app: ContentTables['kb_marketplace_app'];
  kb_landing_page: ContentTables['kb_landing_page'];
  kb_media: ContentTables['kb_media'];
  kb_article_feedback: ContentTables['kb_article_feedback'];
  search_document: SearchTables['search_document'];
  community_discussion: CommunityTables['community_discussion'];
  community_discussion_topic: CommunityTables['community_discussion_topic'];
  community_post: CommunityTables['community_post'];
  community_post_revision: CommunityTables['community_post_revision'];
  community_vote: CommunityTables['community_vote'];
  community_follow: CommunityTables['community_follow'];
  community_idea: CommunityTables['community_idea'];
  community_idea_vote: CommunityTables['community_idea_vote'];
  community_idea_comment: CommunityTables['community_idea_comment'];
  community_flag: CommunityTables['community_flag'];
  community_moderation_action: CommunityTables['community_moderation_action'];
  community_idempotency_key: CommunityTables['community_idempotency_key'];
  community_profile: CommunityTables['community_profile'];
  mail_outbox: MailTables['mail_outbox'];
  analytics_event: AnalyticsTables['analytics_event'];
  error_report: AnalyticsTables['error_report'];
  search_query_log: SearchTables['search_query_log'];
  search_click: SearchTables['search_click'];
  search_usage_event: SearchTables['search_usage_event'];
  search_past_query: SearchTables['search_past_query'];
  search_index_state: SearchTables['search_index_state'];
  learning_item: LearningTables['learning_item'];
  learning_session: LearningTables['learning_session'];
  learning_next_class: LearningTables['learning_next_class'];
  learning_certification: LearningTables['learning_certification'];
  learning_webhook_delivery: LearningTables['learning_webhook_delivery'];
  answer_cache: AnswerTables['answer_cache'];
  answer_event: AnswerTables['answer_event'];
  job: JobsTables['job'];
  rate_limit_window: RateLimitTables['rate_limit_window'];
  support_case: CaseTables['support_case'];
  support_case_message: CaseTables['support_case_message'];
  support_case_attachment: CaseTables['support_case_attachment'];
  support_case_person: CaseTables['support_case_person'];
  support_case_invitation: CaseTables['support_case_invitation'];
  support_case_idempotency_key: CaseTables['support_case_idempotency_key'];
  support_case_deflection: CaseTables['support_case_deflection'];
  support_case_sequence: CaseTables['support_case_sequence'];
  support_case_classifier: CaseTables['support_case_classifier'];
  support_case_draft: CaseTables['support_case_draft'];
  support_case_draft_file: CaseTables['support_case_draft_file'];
  consent_record: PrivacyTables['consent_record'];
  communication_subscriber: PrivacyTables['communication_subscriber'];
  account_deletion_request: PrivacyTables['account_deletion_request'];
  communication_preference_change: PrivacyTables['communication_preference_change'];
  contact_call_slot: ContactTables['contact_call_slot'];
  contact_call_booking: ContactTables['contact_call_booking'];
  contact_callback: ContactTables['contact_callback'];
  contact_deflection: ContactTables['contact_deflection'];
  practice: PracticesTables['practice'];
  practice_person: PracticesTables['practice_person'];
  practice_join_request: PracticesTables['practice_join_request'];
  practice_listing: PracticesTables['practice_listing'];
  practice_directory_office: PracticesTables['practice_directory_office'];
  practice_lead: PracticesTables['practice_lead'];
  practice_review: PracticesTables['practice_review'];
  practice_logo: PracticesTables['practice_logo'];
  practice_moderation_entry: PracticesTables['practice_moderation_entry'];
  practice_invitation: PracticesTables['practice_invitation'];
  practice_people_entry: PracticesTables['practice_people_entry'];
  contact_chat: ContactTables['contact_chat'];
  contact_chat_message: ContactTables['contact_chat_message'];
  contact_chat_agent: ContactTables['contact_chat_agent'];
  search_synonym: SearchTables['search_synonym'];
  insight_daily: InsightTables['insight_daily'];
  insight_rollup: InsightTables['insight_rollup'];
  insight_monthly: InsightTables['insight_monthly'];
  insight_month_rollup: InsightTables['insight_month_rollup'];
  insight_gap: InsightTables['insight_gap'];
  insight_digest_subscriber: InsightTables['insight_digest_subscriber'];
  contact_email_code: ContactTables['contact_email_code'];
  subscription_plan: SubscriptionsTables['subscription_plan'];
  subscription_tier_discount: SubscriptionsTables['subscription_tier_discount'];
  subscription_order: SubscriptionsTables['subscription_order'];
  subscription_order_line: SubscriptionsTables['subscription_order_line'];
  subscription: SubscriptionsTables['subscription'];
  subscription_transfer: SubscriptionsTables['subscription_transfer'];
  subscription_change: SubscriptionsTables['subscription_change'];
  subscription_audit_entry: SubscriptionsTables['subscription_audit_entry'];
}
