/* The privacy tables (migration 0016-consent-and-preferences). Times are ISO-8601 UTC. */

/** One consent choice, as the banner reported it. Append-only: a new choice is a new row. */
export interface ConsentRecordTable {
  id: string;
  /** The anonymous id kept in the CookieConsent cookie (its stamp). */
  visitor_id: string;
  /** The signed-in user who made the choice, or null for a guest. */
  user_id: string | null;
  /** The granted groups, comma-separated (FUNC,PERF,TARG); empty for none. */
  groups: string;
  method: string;
  policy_version: number;
  region: string;
  /** 1 when the browser sent Global Privacy Control. */
  global_privacy_control: number;
  recorded_at: string;
}

/** An address that marketing e-mail may go to once confirmed (double opt-in). */
export interface CommunicationSubscriberTable {
  id: string;
  /** Lower case. */
  email: string;
  user_id: string | null;
  /** A number for SMS, when one is known. */
  phone: string | null;
  /** When the address's owner confirmed it from the confirmation e-mail; null until then. */
  confirmed_at: string | null;
  created_at: string;
}

/** One change of one topic on one channel. Append-only: the latest row per pair is in force. */
export interface CommunicationPreferenceChangeTable {
  id: string;
  subscriber_id: string;
  topic: string;
  channel: string;
  subscribed: number;
  /** Where the change came from (core/consent PreferenceSource). */
  source: string;
  changed_at: string;
}

/** A request to delete an account (migration 0023): at most one open request per user. */
export interface AccountDeletionRequestTable {
  id: string;
  user_id: string;
  requested_at: string;
  /** When the latest confirmation e-mail was queued. */
  link_sent_at: string;
  confirmed_at: string | null;
  /** When the job may carry it out: the confirmation plus the grace period. */
  due_at: string | null;
  cancelled_at: string | null;
  carried_out_at: string | null;
}

export interface PrivacyTables {
  account_deletion_request: AccountDeletionRequestTable;
  consent_record: ConsentRecordTable;
  communication_subscriber: CommunicationSubscriberTable;
  communication_preference_change: CommunicationPreferenceChangeTable;
}
