import type { Kysely } from 'kysely';
import {
  additionSummary,
  challengePhase,
  checkChallengeForm,
  dayBefore,
  editSummary,
  formatPoints,
  isPartnerEventKind,
  NO_PRIZE,
  PARTNER_EVENT_REASONS,
  type ChallengeForm,
  type ChallengeFormText,
  type ChallengePhase,
} from '~core/partner';
import { stableRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import * as configuration from './admin-configuration.repository.ts';
import { listAllRewards } from './admin.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { recordChange, type ChangeAuthor } from './configuration-changes.service.ts';
import type { PartnerChallengeTable, PartnerRewardRow } from './partners.tables.ts';
import { findChallenge } from './programme.repository.ts';

/* The admins' challenges (docs/partner-programme.md): days are whole days in UTC. */

const today = (at: Date) => at.toISOString().slice(0, 10);
const NAME_TAKEN = {
  ok: false,
  field: 'name',
  message: 'Another challenge has this name.',
} as const;

const criterionOf = (kind: string) =>
  isPartnerEventKind(kind) ? PARTNER_EVENT_REASONS[kind] : kind;

export interface AdminChallengeView {
  id: string;
  name: string;
  description: string;
  goalKind: string;
  criterion: string;
  goalCount: number;
  points: number;
  /** The reward won on completing it, or NO_PRIZE, as the form's choice names it. */
  rewardId: string;
  prize: string | null;
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
    criterion: criterionOf(row.goal_kind),
    goalCount: row.goal_count,
    points: row.points,
    rewardId: row.reward_id ?? NO_PRIZE,
    prize: row.prize,
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
  reward_id: value.rewardId,
  starts_on: value.startsOn,
  ends_on: value.endsOn,
});

const CHALLENGE_LABELS = {
  name: 'Name',
  description: 'Description',
  goalKind: 'Counts',
  goalCount: 'Target',
  points: 'Points',
  prize: 'Reward',
  startsOn: 'First day',
  endsOn: 'Last day',
} as const;

const shownChallenge = (
  challenge: Omit<PartnerChallengeTable, 'id' | 'created_at'>,
  rewards: readonly PartnerRewardRow[],
) => ({
  name: challenge.name,
  description: challenge.description,
  goalKind: criterionOf(challenge.goal_kind),
  goalCount: String(challenge.goal_count),
  points: formatPoints(challenge.points),
  prize:
    challenge.reward_id === null
      ? 'none'
      : (rewards.find((reward) => reward.id === challenge.reward_id)?.name ?? challenge.reward_id),
  startsOn: challenge.starts_on,
  endsOn: challenge.ends_on,
});

/** The rewards a challenge may be won for: the catalogue's, and the one it has, even retired. */
const prizesOf = (rewards: readonly PartnerRewardRow[], current: string | null = null) => [
  ...rewards.filter((reward) => reward.retired_at === null).map((reward) => reward.id),
  ...(current === null ? [] : [current]),
];

/** A new challenge; its id comes from the form's key, so a resent form adds one. */
export async function addChallenge(
  db: Kysely<Database>,
  form: ChallengeFormText & { requestKey: string },
  by: ChangeAuthor,
): Promise<AdminChange> {
  const id = stableRecordId('partnerChallenge', `admin:${form.requestKey}`);
  return db.transaction().execute(async (trx) => {
    const rewards = await listAllRewards(trx);
    const checked = checkChallengeForm(form, today(by.at), undefined, prizesOf(rewards));
    if (!checked.ok) return checked;
    const named = await configuration.findChallengeNamed(trx, checked.value.name);
    if (named !== undefined && named.id !== id) return NAME_TAKEN;
    const challenge = columns(checked.value);
    const added = await configuration.insertChallengeOnce(trx, {
      id,
      ...challenge,
      created_at: by.at.toISOString(),
    });
    if (added)
      await recordChange(
        trx,
        by,
        { kind: 'challenge', id, name: challenge.name },
        additionSummary(CHALLENGE_LABELS, shownChallenge(challenge, rewards)),
      );
    return { ok: true } as const;
  });
}

const GONE = { ok: false, message: 'This challenge is not there any more.' } as const;

/**
 * Changes a challenge that has not ended. Once partners have joined a running challenge, what
 * it counts, its target and its first day stay as they joined it, checked again in the update
 * so that a partner joining meanwhile is not moved under.
 */
export async function editChallenge(
  db: Kysely<Database>,
  challengeId: string,
  form: ChallengeFormText,
  by: ChangeAuthor,
): Promise<AdminChange> {
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_challenge', challengeId);
    const challenge = await findChallenge(trx, challengeId);
    if (challenge === undefined) return GONE;
    const existing = {
      goalKind: challenge.goal_kind,
      goalCount: challenge.goal_count,
      startsOn: challenge.starts_on,
      endsOn: challenge.ends_on,
      joined: await configuration.countChallengeEntries(trx, challengeId),
    };
    const rewards = await listAllRewards(trx);
    const prizes = prizesOf(rewards, challenge.reward_id);
    const checked = checkChallengeForm(form, today(by.at), existing, prizes);
    if (!checked.ok) return checked;
    const named = await configuration.findChallengeNamed(trx, checked.value.name);
    if (named !== undefined && named.id !== challengeId) return NAME_TAKEN;
    const termsMove =
      checked.value.goalKind !== existing.goalKind ||
      checked.value.goalCount !== existing.goalCount ||
      checked.value.startsOn !== existing.startsOn;
    const terms = columns(checked.value);
    const saved = await configuration.updateChallenge(
      trx,
      challengeId,
      terms,
      termsMove && challengePhase(existing, today(by.at)) === 'running',
    );
    if (!saved)
      return {
        ok: false,
        field: 'goalCount',
        message:
          'A partner has just joined this running challenge, so what it counts and its target stay as they are.',
      } as const;
    await recordChange(
      trx,
      by,
      { kind: 'challenge', id: challengeId, name: terms.name },
      editSummary(
        CHALLENGE_LABELS,
        shownChallenge(challenge, rewards),
        shownChallenge(terms, rewards),
      ),
    );
    return { ok: true } as const;
  });
}

/**
 * Ends a running challenge now: yesterday becomes its last day, so today's events no longer
 * count and partners no longer see it. Sent twice, it ends once.
 */
export async function endChallengeEarly(
  db: Kysely<Database>,
  challengeId: string,
  by: ChangeAuthor,
): Promise<AdminChange> {
  const day = today(by.at);
  return db.transaction().execute(async (trx) => {
    const challenge = await findChallenge(trx, challengeId);
    if (challenge === undefined) return GONE;
    const phase = challengePhase({ startsOn: challenge.starts_on, endsOn: challenge.ends_on }, day);
    if (phase === 'ended') return { ok: true } as const;
    if (phase === 'upcoming' || challenge.starts_on === day)
      return {
        ok: false,
        message:
          'Only a challenge that started before today can end early; change the days of this one instead.',
      } as const;
    const lastDay = dayBefore(day);
    if (await configuration.endChallenge(trx, challengeId, lastDay))
      await recordChange(
        trx,
        by,
        { kind: 'challenge', id: challengeId, name: challenge.name },
        `Ended early: ${editSummary({ endsOn: 'Last day' }, { endsOn: challenge.ends_on }, { endsOn: lastDay })}`,
      );
    return { ok: true } as const;
  });
}
