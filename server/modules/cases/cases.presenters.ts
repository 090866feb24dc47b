import {
  CASE_STATUS_LABELS,
  caseAttachmentPath,
  formatCaseNumber,
  type AuthorRole,
  type CaseImpact,
  type CaseQueue,
  type CaseRelation,
  type CaseStatus,
  type ContactMethod,
} from '~core/cases';
import { attachmentSize } from '~core/validation';
import type { AttachmentRow, CaseRow } from './cases.tables.ts';

/** A case in a list. */
export interface CaseSummary {
  id: string;
  caseNumber: string;
  subject: string;
  status: CaseStatus;
  statusLabel: string;
  categoryName: string;
  createdAt: string;
  updatedAt: string;
}

export function caseSummaryOf(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    caseNumber: formatCaseNumber(row.case_number),
    subject: row.subject,
    status: row.status,
    statusLabel: CASE_STATUS_LABELS[row.status],
    categoryName: row.topic_name ? `${row.category_name}: ${row.topic_name}` : row.category_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A file on a case as its pages list it, with the address it downloads from. */
export interface CaseAttachmentView {
  id: string;
  fileName: string;
  /** 12 KB, 3.4 MB. */
  size: string;
  contentType: string;
  url: string;
}

export function attachmentViewOf(row: AttachmentRow): CaseAttachmentView {
  return {
    id: row.id,
    fileName: row.file_name,
    size: attachmentSize(row.size),
    contentType: row.content_type,
    url: caseAttachmentPath(row.id),
  };
}

export interface CaseMessageView {
  id: string;
  authorName: string;
  authorRole: AuthorRole;
  bodyHtml: string;
  createdAt: string;
  /** An internal note: shown to agents only. */
  internal: boolean;
  attachments: CaseAttachmentView[];
}

export interface CasePersonView {
  userId: string;
  name: string;
  email: string | null;
}

/** A case as its page shows it, with what this viewer may do on it. */
export interface CaseView extends CaseSummary {
  queue: CaseQueue;
  description: string;
  descriptionHtml: string;
  /** The files sent with the description when the case was raised. */
  attachments: CaseAttachmentView[];
  ownerName: string;
  product: string | null;
  impact: CaseImpact;
  impactLabel: string;
  contact: {
    method: ContactMethod;
    email: string | null;
    phone: string | null;
    window: string | null;
  };
  solvedAt: string | null;
  closedAt: string | null;
  rating: { score: number; comment: string } | null;
  followUpOf: { id: string } | null;
  mergedInto: { id: string } | null;
  messages: CaseMessageView[];
  people: CasePersonView[];
  relation: CaseRelation;
  may: {
    reply: boolean;
    markSolved: boolean;
    reopen: 'reopen' | 'follow-up' | 'none';
    rate: boolean;
    managePeople: boolean;
  };
}

export function contactOf(row: CaseRow): CaseView['contact'] {
  return {
    method: row.contact_method,
    email: row.contact_email,
    phone: row.contact_phone,
    window: row.callback_from && row.callback_to ? `${row.callback_from}–${row.callback_to}` : null,
  };
}
