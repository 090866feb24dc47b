import type { Kysely } from 'kysely';
import {
  challengeProgress,
  isChallengeRunning,
  isPartnerEventKind,
  type ChallengeProgress,
  type PartnerEventKind,
} from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import { ensureMember } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import * as programme from './programme.repository.ts';

/* Challenges and the rewards catalogue, as partners and admins use them. */

export interface NewChallenge {
  name: string;
  description: string;
  goalKind: PartnerEventKind;
  goalCount: number;
  points: number;
  startsOn: string;
  endsOn: string;
}

/** Adds a challenge unless one of that name exists; answers its id either way. */
export async function createChallenge(
  db: Kysely<Database>,
  challenge: NewChallenge,
  at: Date,
): Promise<string> {
  const known = await programme.findChallengeByName(db, challenge.name);
  if (known !== undefined) return known.id;
  const id = newRecordId('partnerChallenge');
  await programme.insertChallenge(db, {
    id,
    name: challenge.name,
    description: challenge.description,
    goal_kind: challenge.goalKind,
    goal_count: challenge.goalCount,
    points: challenge.points,
    starts_on: challenge.startsOn,
    ends_on: challenge.endsOn,
    created_at: at.toISOString(),
    reward_id: null,
  });
  return id;
}

export interface ChallengeView {
  id: string;
  name: string;
  description: string;
  goalKind: PartnerEventKind | null;
  points: number;
  /** The reward won on completing it, besides its points; null for none. */
  prize: string | null;
  startsOn: string;
  endsOn: string;
  running: boolean;
  joined: boolean;
  onLeaderboard: boolean;
  progress: ChallengeProgress | null;
}

/** The challenges that have not ended, each with the partner's own entry and progress. */
export async function listChallengesFor(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<ChallengeView[]> {
  const [challenges, entries] = await Promise.all([
    programme.listChallenges(db, now.toISOString().slice(0, 10)),
    programme.listEntriesOf(db, userId),
  ]);
  const views: ChallengeView[] = [];
  for (const challenge of challenges) {
    const entry = entries.find((candidate) => candidate.challenge_id === challenge.id);
    let progress: ChallengeProgress | null = null;
    if (entry !== undefined) {
      const since = entry.joined_at > challenge.starts_on ? entry.joined_at : challenge.starts_on;
      const count =
        entry.completed_at === null
          ? await ledger.countEvents(db, userId, challenge.goal_kind, since)
          : challenge.goal_count;
      progress = challengeProgress(count, challenge.goal_count);
    }
    views.push({
      id: challenge.id,
      name: challenge.name,
      description: challenge.description,
      goalKind: isPartnerEventKind(challenge.goal_kind) ? challenge.goal_kind : null,
      points: challenge.points,
      prize: challenge.prize,
      startsOn: challenge.starts_on,
      endsOn: challenge.ends_on,
      running: isChallengeRunning(
        { startsOn: challenge.starts_on, endsOn: challenge.ends_on },
        now,
      ),
      joined: entry !== undefined,
      onLeaderboard: entry?.on_leaderboard === 1,
      progress,
    });
  }
  return views;
}

export type ChallengeChange = { ok: true } | { ok: false; reason: 'not-found' | 'ended' };

/** Joins a challenge that has not ended; only what happens from now on counts towards it. */
export async function joinChallenge(
  db: Kysely<Database>,
  request: { userId: string; challengeId: string; onLeaderboard: boolean; at: Date },
): Promise<ChallengeChange> {
  const challenge = await programme.findChallenge(db, request.challengeId);
  if (challenge === undefined) return { ok: false, reason: 'not-found' };
  if (challenge.ends_on < request.at.toISOString().slice(0, 10)) {
    return { ok: false, reason: 'ended' };
  }
  await db.transaction().execute(async (trx) => {
    await ensureMember(trx, request.userId, request.at);
    await programme.insertEntry(trx, {
      challengeId: challenge.id,
      userId: request.userId,
      joinedAt: request.at.toISOString(),
      onLeaderboard: request.onLeaderboard,
    });
  });
  return { ok: true };
}

export async function leaveChallenge(
  db: Kysely<Database>,
  userId: string,
  challengeId: string,
): Promise<void> {
  await programme.deleteOpenEntry(db, challengeId, userId);
}

/** Adds a reward unless one of that name exists; answers the new reward's id, if added. */
export async function createReward(
  db: Kysely<Database>,
  reward: { name: string; description: string; pointsCost: number; stock: number | null },
  at: Date,
): Promise<string | undefined> {
  const id = newRecordId('partnerReward');
  const added = await programme.insertReward(db, {
    id,
    name: reward.name,
    description: reward.description,
    points_cost: reward.pointsCost,
    stock: reward.stock,
    created_at: at.toISOString(),
    retired_at: null,
  });
  return added ? id : undefined;
}

export async function listRewards(db: Kysely<Database>) {
  const rows = await programme.listRewards(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    pointsCost: row.points_cost,
    stock: row.stock,
  }));
}

/** The partner's rewards, bought with points or won in challenges, latest first. */
export async function listRedemptions(db: Kysely<Database>, userId: string) {
  const rows = await programme.listRedemptions(db, userId);
  return rows.map((row) => ({
    id: row.id,
    rewardName: row.reward_name,
    points: row.points,
    status: row.status,
    createdAt: row.created_at,
    challengeName: row.challenge_name,
    outOfStock: row.out_of_stock === 1,
  }));
}

export interface LeaderboardLine {
  name: string;
  completedAt: string | null;
}

/**
 * One challenge for the partner, with the leaderboard of those who chose to be on it: first
 * name and initial only, finished first. Undefined for a challenge that does not exist.
 */
export async function challengeDetail(
  db: Kysely<Database>,
  userId: string,
  challengeId: string,
  now: Date,
): Promise<{ challenge: ChallengeView; leaderboard: LeaderboardLine[] } | undefined> {
  const challenge = await programme.findChallenge(db, challengeId);
  if (challenge === undefined) return undefined;
  // Listed as of its first day, so an ended challenge still has its page.
  const view = (await listChallengesFor(db, userId, new Date(challenge.starts_on))).find(
    (candidate) => candidate.id === challengeId,
  );
  if (view === undefined) return undefined;
  const board = await programme.listLeaderboard(db, challengeId);
  const people = await listUserSummaries(
    db,
    board.map((line) => line.user_id),
  );
  return {
    challenge: {
      ...view,
      running: isChallengeRunning(
        { startsOn: challenge.starts_on, endsOn: challenge.ends_on },
        now,
      ),
    },
    leaderboard: board.map((line) => {
      const person = people.find((candidate) => candidate.id === line.user_id);
      const initial = person?.lastName.trim().charAt(0) ?? '';
      return {
        name: person ? `${person.firstName} ${initial}${initial ? '.' : ''}`.trim() : 'A partner',
        completedAt: line.completed_at,
      };
    }),
  };
}
