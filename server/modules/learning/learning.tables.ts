/*
 * The learning tables (migration 0009-learning), filled from the learning platform's catalogue
 * export (docs/learning-sync.md). Ids are the portal's 18-character record ids, derived from
 * the platform ids so a resync keeps them; platform_id is the platform's own. Lists (audience,
 * products) are JSON text; times are ISO-8601 UTC; dates are YYYY-MM-DD; flags are 0/1.
 */

export interface LearningItemTable {
  id: string;
  platform_id: string;
  kind: string;
  /** The spec 2.6 content type it is indexed with ('Online course', 'Live classroom', …). */
  format: string;
  delivery: string | null;
  title: string;
  description: string;
  audience: string;
  products: string;
  duration_minutes: number;
  featured: number;
  on_demand: number;
  /** Hash of the record as exported, so an unchanged record is left alone on resync. */
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface LearningSessionTable {
  id: string;
  platform_id: string;
  item_id: string;
  starts_at: string;
  time_zone: string;
  region: string;
  duration_minutes: number;
  location: string | null;
}

export interface LearningNextClassTable {
  item_id: string;
  region: string;
  class_date: string;
}

export interface LearningCertificationTable {
  id: string;
  platform_id: string;
  /** Lower case; a signed-in user sees the certifications of their email address. */
  user_email: string;
  name: string;
  earned_on: string;
  expires_on: string | null;
  badge_url: string | null;
  content_hash: string;
  updated_at: string;
}

/** A webhook delivery already applied: the platform's id for it, and when it came. */
export interface LearningWebhookDeliveryTable {
  delivery_id: string;
  received_at: string;
}

export interface LearningTables {
  learning_item: LearningItemTable;
  learning_session: LearningSessionTable;
  learning_next_class: LearningNextClassTable;
  learning_certification: LearningCertificationTable;
  learning_webhook_delivery: LearningWebhookDeliveryTable;
}
