import type { Kysely } from 'kysely';
import {
  challengePhase,
  checkChallengeForm,
  dayBefore,
  isPartnerEventKind,
  PARTNER_EVENT_REASONS,
  type ChallengeForm,
  type ChallengeFormText,
  type ChallengePhase,
} from '~core/partner';
import { stableRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import * as configuration from './admin-configuration.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { findChallenge } from './programme.repository.ts';

/* The admins' challenges (docs/partner-programme.md): days are whole days in UTC. */

const today = (at: Date) => at.toISOString().slice(0, 10);
const NAME_TAKEN = {
  ok: false,
  field: 'name',
  message: 'Another challenge has this name.',
} as const;

export interface AdminChallengeView {
  id: string;
  name: string;
  description: string;
  goalKind: string;
  criterion: string;
  goalCount: number;
  points: number;
  startsOn: string;
  endsOn: string;
  phase: ChallengePhase;
  joined: number;
  completed: number;
}

/** Every challenge with its phase on the day and how many joined and completed it. */
export async function challengesForAdmin(
  db: Kysely<Database>,
  at: Date,
): Promise<AdminChallengeView[]> {
  const rows = await configuration.listChallengesWithCounts(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    goalKind: row.goal_kind,
    criterion: isPartnerEventKind(row.goal_kind)
      ? PARTNER_EVENT_REASONS[row.goal_kind]
      : row.goal_kind,
    goalCount: row.goal_count,
    points: row.points,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    phase: challengePhase({ startsOn: row.starts_on, endsOn: row.ends_on }, today(at)),
    joined: Number(row.joined),
    completed: Number(row.completed),
  }));
}

const columns = (value: ChallengeForm) => ({
  name: value.name,
  description: value.description,
  goal_kind: value.goalKind,
  goal_count: value.goalCount,
  points: value.points,
  starts_on: value.startsOn,
  ends_on: value.endsOn,
});

/** A new challenge; its id comes from the form's key, so a resent form adds one. */
export async function addChallenge(
  db: Kysely<Database>,
  form: ChallengeFormText & { requestKey: string; at: Date },
): Promise<AdminChange> {
  const checked = checkChallengeForm(form, today(form.at));
  if (!checked.ok) return checked;
  const id = stableRecordId('partnerChallenge', `admin:${form.requestKey}`);
  const named = await configuration.findChallengeNamed(db, checked.value.name);
  if (named !== undefined && named.id !== id) return NAME_TAKEN;
  await configuration.insertChallengeOnce(db, {
    id,
    ...columns(checked.value),
    created_at: form.at.toISOString(),
  });
  return { ok: true };
}

/**
 * Changes a challenge that has not ended. Once partners have joined a running challenge, what
 * it counts, its target and its first day stay as they joined it, checked again in the update
 * so that a partner joining meanwhile is not moved under.
 */
export async function editChallenge(
  db: Kysely<Database>,
  challengeId: string,
  form: ChallengeFormText & { at: Date },
): Promise<AdminChange> {
  const challenge = await findChallenge(db, challengeId);
  if (challenge === undefined)
    return { ok: false, message: 'This challenge is not there any more.' };
  const existing = {
    goalKind: challenge.goal_kind,
    goalCount: challenge.goal_count,
    startsOn: challenge.starts_on,
    endsOn: challenge.ends_on,
    joined: await configuration.countChallengeEntries(db, challengeId),
  };
  const checked = checkChallengeForm(form, today(form.at), existing);
  if (!checked.ok) return checked;
  const named = await configuration.findChallengeNamed(db, checked.value.name);
  if (named !== undefined && named.id !== challengeId) return NAME_TAKEN;
  const termsMove =
    checked.value.goalKind !== existing.goalKind ||
    checked.value.goalCount !== existing.goalCount ||
    checked.value.startsOn !== existing.startsOn;
  const saved = await configuration.updateChallenge(
    db,
    challengeId,
    columns(checked.value),
    termsMove && challengePhase(existing, today(form.at)) === 'running',
  );
  return saved
    ? { ok: true }
    : {
        ok: false,
        field: 'goalCount',
        message:
          'A partner has just joined this running challenge, so what it counts and its target stay as they are.',
      };
}

/**
 * Ends a running challenge now: yesterday becomes its last day, so today's events no longer
 * count and partners no longer see it. Sent twice, it ends once.
 */
export async function endChallengeEarly(
  db: Kysely<Database>,
  challengeId: string,
  at: Date,
): Promise<AdminChange> {
  const challenge = await findChallenge(db, challengeId);
  if (challenge === undefined)
    return { ok: false, message: 'This challenge is not there any more.' };
  const phase = challengePhase(
    { startsOn: challenge.starts_on, endsOn: challenge.ends_on },
    today(at),
  );
  if (phase === 'ended') return { ok: true };
  if (phase === 'upcoming' || challenge.starts_on === today(at))
    return {
      ok: false,
      message:
        'Only a challenge that started before today can end early; change the days of this one instead.',
    };
  await configuration.endChallenge(db, challengeId, dayBefore(today(at)));
  return { ok: true };
}
