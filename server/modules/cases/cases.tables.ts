import type { ColumnType, Selectable } from 'kysely';
import type {
  AuthorRole,
  CaseImpact,
  CaseQueue,
  CaseStatus,
  ContactMethod,
  MessageVisibility,
  RaisableQueue,
} from '~core/cases';

/* The support cases' tables (migration 0017-support-cases, docs/cases.md). */

export interface SupportCaseTable {
  id: string;
  case_number: number;
  queue: CaseQueue;
  subject: string;
  description: string;
  product: string | null;
  category_id: string;
  category_name: string;
  topic_id: string | null;
  topic_name: string | null;
  impact: CaseImpact;
  contact_method: ContactMethod;
  contact_email: string | null;
  contact_phone: string | null;
  callback_from: string | null;
  callback_to: string | null;
  status: CaseStatus;
  /** The account that raised it; null for a case raised without one (migration 0024). */
  owner_id: string | null;
  /** The address that owns a case raised without an account, which follows it by a signed link. */
  owner_email: ColumnType<string | null, string | null | undefined, string | null>;
  organisation_id: string | null;
  follow_up_of: string | null;
  created_at: string;
  updated_at: string;
  solved_at: string | null;
  closed_at: string | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: string | null;
  /** The agent working on it (migration 0021). */
  assignee_id: string | null;
  /** When the customer last wrote while waiting for the team; the queues' waiting time. */
  customer_wrote_at: string | null;
  /** The case this duplicate was merged into. */
  merged_into: string | null;
}

export interface SupportCaseMessageTable {
  id: string;
  case_id: string;
  /** Null for a message of a case's owner who has no account. */
  author_id: string | null;
  author_role: AuthorRole;
  body: string;
  created_at: string;
  visibility: ColumnType<MessageVisibility, MessageVisibility | undefined, MessageVisibility>;
  /** The Message-ID of a reply that came by e-mail: the same e-mail is stored once. */
  mail_message_id: string | null;
}

/** A file on a case's message; its bytes are a file named by the id in the attachments folder. */
export interface SupportCaseAttachmentTable {
  id: string;
  case_id: string;
  /** Null for a file sent with the case's description (when it was raised). */
  message_id: string | null;
  file_name: string;
  content_type: string;
  size: number;
  /** SHA-256 of the bytes, hex: checks the stored file and tells duplicates apart. */
  sha256: string;
  created_at: string;
}

export interface SupportCasePersonTable {
  case_id: string;
  user_id: string;
  added_by: string;
  added_at: string;
}

export interface SupportCaseInvitationTable {
  id: string;
  case_id: string;
  token_hash: string;
  email: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
}

export interface SupportCaseIdempotencyKeyTable {
  user_id: string;
  key: string;
  action: string;
  result_id: string;
  created_at: string;
}

export interface SupportCaseDeflectionTable {
  id: string;
  user_id: string;
  subject: string;
  category_id: string | null;
  created_at: string;
}

export interface SupportCaseSequenceTable {
  name: string;
  value: number;
}

export interface SupportCaseClassifierTable {
  name: string;
  /** The trained ClassifierModel as JSON (core/cases/case-classifier.ts). */
  model: string;
  examples: number;
  trained_at: string;
}

/**
 * A raise flow's draft (migration 0047): the files chosen before the case exists, bound to the
 * person and the flow (customers' or partners'); lapses a day after it last changed.
 */
export interface SupportCaseDraftTable {
  id: string;
  user_id: string;
  queue: RaisableQueue;
  created_at: string;
  touched_at: string;
}

/** A draft's file; its bytes wait in the attachments folder under the id it keeps on the case. */
export interface SupportCaseDraftFileTable {
  id: string;
  draft_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

export interface CaseTables {
  support_case: SupportCaseTable;
  support_case_message: SupportCaseMessageTable;
  support_case_attachment: SupportCaseAttachmentTable;
  support_case_person: SupportCasePersonTable;
  support_case_invitation: SupportCaseInvitationTable;
  support_case_idempotency_key: SupportCaseIdempotencyKeyTable;
  support_case_deflection: SupportCaseDeflectionTable;
  support_case_sequence: SupportCaseSequenceTable;
  support_case_classifier: SupportCaseClassifierTable;
  support_case_draft: SupportCaseDraftTable;
  support_case_draft_file: SupportCaseDraftFileTable;
}

export type CaseRow = Selectable<SupportCaseTable>;
export type MessageRow = Selectable<SupportCaseMessageTable>;
export type AttachmentRow = Selectable<SupportCaseAttachmentTable>;
export type InvitationRow = Selectable<SupportCaseInvitationTable>;
export type DraftFileRow = Selectable<SupportCaseDraftFileTable>;
