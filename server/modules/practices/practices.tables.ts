/* The practices' and the advisor directory's tables (migrations 0026-practices, 0041). */

import type { InvitationStatus, PeopleAction, PracticeRole } from '~core/practices';

export type { PracticeRole };

export interface PracticeTable {
  id: string;
  slug: string;
  name: string;
  market: string;
  registration_number: string;
  address: string;
  city: string;
  postcode: string;
  /** JSON array of service keys (core/practices vocabularies). */
  services: string;
  tier: string;
  created_by: string;
  /** The create form's one-time key: a double submit creates one practice. */
  request_key: string;
  created_at: string;
}

/** A person of a practice: its principal contact, a primary contact or a member. */
export interface PracticePersonTable {
  practice_id: string;
  user_id: string;
  role: PracticeRole;
  name: string;
  email: string;
  joined_at: string;
}

export interface PracticeJoinRequestTable {
  id: string;
  practice_id: string;
  user_id: string;
  name: string;
  email: string;
  status: 'pending' | 'approved' | 'declined';
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export type ListingModeration = 'none' | 'pending' | 'rejected';

export interface PracticeListingTable {
  practice_id: string;
  /** JSON ListingContent: what the practice edits and previews. */
  draft: string;
  /** JSON ListingContent the directory shows; null until first approved. */
  published: string | null;
  /** 1 while the published copy is in the directory; unpublishing sets 0 and keeps the copy. */
  listed: number;
  moderation: ListingModeration;
  /** JSON ListingContent waiting for a moderator. */
  submitted: string | null;
  moderation_note: string | null;
  updated_at: string;
  published_at: string | null;
}

/** An office of a listed practice in the directory's index, with the listing's filter masks. */
export interface PracticeDirectoryOfficeTable {
  id: string;
  practice_id: string;
  lat: number;
  lon: number;
  services: number;
  industries: number;
  languages: number;
  certifications: number;
  tier: string;
}

export interface PracticeLeadTable {
  id: string;
  practice_id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: 'new' | 'answered';
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
  request_key: string;
  created_at: string;
}

export interface PracticeReviewTable {
  id: string;
  practice_id: string;
  name: string;
  rating: number;
  body: string;
  status: 'pending' | 'approved' | 'rejected';
  request_key: string;
  created_at: string;
  decided_at: string | null;
}

export interface PracticeLogoTable {
  content_key: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

/** One moderator's decision on a listing or a review: the audit trail of the queue. */
export interface PracticeModerationEntryTable {
  id: string;
  subject: 'listing' | 'review';
  subject_id: string;
  practice_id: string;
  decision: 'approved' | 'rejected';
  note: string;
  moderator_id: string;
  created_at: string;
}

/** An invitation by e-mail address; its link's secret is stored only as a hash. */
export interface PracticeInvitationTable {
  id: string;
  practice_id: string;
  email: string;
  role: 'member' | 'primary';
  token_hash: string;
  invited_by: string;
  invited_by_name: string;
  status: InvitationStatus;
  /** `{practice}:{address in lower case}` while pending, null once closed. */
  pending_key: string | null;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
  accepted_by: string | null;
}

/** One change of a practice's people: the people's audit trail. */
export interface PracticePeopleEntryTable {
  id: string;
  practice_id: string;
  action: PeopleAction;
  email: string;
  person_name: string;
  role: string;
  actor_id: string;
  actor_name: string;
  created_at: string;
}

export interface PracticesTables {
  practice: PracticeTable;
  practice_person: PracticePersonTable;
  practice_join_request: PracticeJoinRequestTable;
  practice_listing: PracticeListingTable;
  practice_directory_office: PracticeDirectoryOfficeTable;
  practice_lead: PracticeLeadTable;
  practice_review: PracticeReviewTable;
  practice_logo: PracticeLogoTable;
  practice_moderation_entry: PracticeModerationEntryTable;
  practice_invitation: PracticeInvitationTable;
  practice_people_entry: PracticePeopleEntryTable;
}
