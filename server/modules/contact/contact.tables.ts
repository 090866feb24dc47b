import type { ColumnType } from 'kysely';

/* The contact flows' tables (migration 0020-contact-support, docs/contact-support.md). */
import type { ChatTables } from './chat.tables.ts';

/**
 * One slot of a region's call calendar once somebody booked it: `booked` only grows by a
 * conditional update while it is below `capacity`, so two people never take the last place.
 */
export interface ContactCallSlotTable {
  region: string;
  starts_at: string;
  capacity: number;
  booked: number;
}

export type BookingStatus = 'booked' | 'cancelled';

export interface ContactCallBookingTable {
  id: string;
  region: string;
  topic: string;
  name: string;
  email: string;
  /** The visitor's IANA zone, so their mails show the time as they chose it. */
  time_zone: string;
  starts_at: string;
  ends_at: string;
  status: BookingStatus;
  /** SHA-256 of the secret in the reschedule and cancel links; the secret itself is not kept. */
  manage_token_hash: string;
  /** The confirm form's one-time key: a double submit books once. */
  request_key: string;
  /** Set when the reminder a day before was queued, so it is queued once. */
  reminded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A visitor's request to be called back: a task in the agents' list until someone calls. */
export interface ContactCallbackTable {
  id: string;
  region: string;
  topic: string;
  name: string;
  /** E.164, as agents dial it. */
  phone: string;
  when_kind: 'asap' | 'window';
  window_date: string | null;
  window_from: string | null;
  window_to: string | null;
  time_zone: string;
  status: 'waiting' | 'called';
  /** The form's one-time key: a double submit asks once. */
  request_key: string;
  created_at: string;
  called_at: string | null;
  called_by: string | null;
}

/** What a visitor of a contact flow saw, and whether they went on to reach a person. */
export interface ContactDeflectionTable {
  id: string;
  flow: string;
  region: string;
  topic: string;
  saw_answer: number;
  articles_shown: number;
  /**
   * 1 once the visitor booked, asked for a callback, a person or a case from this visit within
   * DEFLECTION_WINDOW_MINUTES of it; later they still count as helped (migration 0038).
   */
  reached_person: number;
  created_at: string;
  /** When they first reached a person from this visit, whenever it was. */
  reached_at: string | null;
}

/**
 * A 6-digit code mailed to prove a visitor holds an address (migration 0024): kept only as an
 * HMAC, good for 10 minutes and 5 tries; once typed right it carries the proof the next step
 * shows, and then the case that proof raised.
 */
export interface ContactEmailCodeTable {
  id: string;
  flow: string;
  email: string;
  code_hash: string;
  tries: ColumnType<number, number | undefined, number>;
  created_at: string;
  expires_at: string;
  proof_hash: string | null;
  verified_at: string | null;
  case_id: string | null;
}

export interface ContactTables extends ChatTables {
  contact_email_code: ContactEmailCodeTable;
  contact_call_slot: ContactCallSlotTable;
  contact_call_booking: ContactCallBookingTable;
  contact_callback: ContactCallbackTable;
  contact_deflection: ContactDeflectionTable;
}
