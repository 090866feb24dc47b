import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isConsentGroupCode, type ConsentGroupCode, type ConsentRecordInput } from '~core/consent';
import type { Database } from '~server/db/schema.ts';
import * as repository from './consent-records.repository.ts';

/** A consent choice as the visitor's history shows it. */
export interface ConsentRecord {
  visitorId: string;
  groups: ConsentGroupCode[];
  method: string;
  policyVersion: number;
  region: string;
  globalPrivacyControl: boolean;
  recordedAt: string;
}

/** How many records a history shows: far more than anyone changes their mind. */
export const CONSENT_HISTORY_LIMIT = 100;

/** Keeps a choice as a new record: who (anonymous id, user), what, under which policy, when. */
export async function recordConsent(
  db: Kysely<Database>,
  choice: ConsentRecordInput,
  userId: string | null,
  now: Date,
): Promise<void> {
  await repository.insertConsentRecord(db, {
    id: randomUUID(),
    visitor_id: choice.visitorId,
    user_id: userId,
    groups: [...new Set(choice.groups)].join(','),
    method: choice.method,
    policy_version: choice.policyVersion,
    region: choice.region,
    global_privacy_control: choice.globalPrivacyControl ? 1 : 0,
    recorded_at: now.toISOString(),
  });
}

function present(row: repository.ConsentRecordRow): ConsentRecord {
  return {
    visitorId: row.visitor_id,
    groups: row.groups.split(',').filter(isConsentGroupCode),
    method: row.method,
    policyVersion: Number(row.policy_version),
    region: row.region,
    globalPrivacyControl: Number(row.global_privacy_control) === 1,
    recordedAt: row.recorded_at,
  };
}

/** A signed-in user's choices, newest first. */
export async function consentHistoryOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<ConsentRecord[]> {
  return (await repository.listConsentRecordsOfUser(db, userId, CONSENT_HISTORY_LIMIT)).map(
    present,
  );
}
