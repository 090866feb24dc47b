import { MAX_RULE_POINTS, refuse, wholeNumber, type AdminFormResult } from './programme-admin.ts';
import { PARTNER_EVENT_REASONS, type PartnerEventKind } from './programme.ts';

/*
 * The admins' challenge form (docs/partner-programme.md). A challenge runs whole days in UTC,
 * as the engine counts them: from the start of its first day to the end of its last.
 */

/**
 * The events a challenge may count. Joining the programme happens before anyone can join a
 * challenge, and a challenge counting challenges would feed on itself, so neither is offered.
 */
export const CHALLENGE_CRITERIA = (
  [
    'certification-passed',
    'client-subscription-added',
    'service-job-completed',
    'resource-downloaded',
    'personalise-finished',
    'update-account-finished',
  ] as const satisfies readonly PartnerEventKind[]
).map((kind) => ({ value: kind, label: PARTNER_EVENT_REASONS[kind] }));

export type ChallengeCriterion = (typeof CHALLENGE_CRITERIA)[number]['value'];

export const MAX_CHALLENGE_TARGET = 1000;

export interface ChallengeForm {
  name: string;
  description: string;
  goalKind: ChallengeCriterion;
  goalCount: number;
  points: number;
  /** The reward of the catalogue won on completing it, besides its points; null for none. */
  rewardId: string | null;
  startsOn: string;
  endsOn: string;
}

/** The reward choice that gives no reward: the challenge is won for its points. */
export const NO_PRIZE = 'none';

/** The challenge form as sent: every field as typed. */
export type ChallengeFormText = { [Field in keyof ChallengeForm]: string };

export type ChallengePhase = 'upcoming' | 'running' | 'ended';

/** Where a challenge stands on a day (YYYY-MM-DD, UTC), both of its days included. */
export function challengePhase(
  challenge: { startsOn: string; endsOn: string },
  today: string,
): ChallengePhase {
  if (today < challenge.startsOn) return 'upcoming';
  return today <= challenge.endsOn ? 'running' : 'ended';
}

/** A calendar day typed as YYYY-MM-DD that exists (no 31 April); undefined otherwise. */
export function calendarDay(text: string): string | undefined {
  const day = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const parsed = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day
    ? day
    : undefined;
}

/** The day before, for ending a challenge now: it stops counting at the end of yesterday. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** What an existing challenge the form changes: its terms and whether anyone has joined. */
export interface ChallengeNow {
  goalKind: string;
  goalCount: number;
  startsOn: string;
  endsOn: string;
  joined: number;
}

/**
 * Checks the form against the day (UTC) it is sent on and, for an edit, the challenge as it
 * stands: an ended challenge is not changed; once people have joined a running challenge, what
 * it counts and how many stay as they joined it, and its first day stays too. `prizes` are the
 * rewards it may be won for; with one, its points may be 0.
 */
export function checkChallengeForm(
  form: ChallengeFormText,
  today: string,
  existing?: ChallengeNow,
  prizes: readonly string[] = [],
): AdminFormResult<ChallengeForm> {
  const name = form.name.trim();
  const description = form.description.trim();
  if (existing !== undefined && challengePhase(existing, today) === 'ended')
    return refuse('name', 'This challenge has ended; an ended challenge is kept as it ran.');
  if (name === '' || name.length > 120)
    return refuse('name', 'Give the challenge a name of up to 120 characters.');
  if (description === '' || description.length > 500)
    return refuse('description', 'Describe the challenge in up to 500 characters.');
  const criterion = CHALLENGE_CRITERIA.find((known) => known.value === form.goalKind);
  if (criterion === undefined) return refuse('goalKind', 'Choose what the challenge counts.');
  const goalCount = wholeNumber(form.goalCount, 1, MAX_CHALLENGE_TARGET);
  if (goalCount === undefined)
    return refuse(
      'goalCount',
      `The target must be a whole number from 1 to ${MAX_CHALLENGE_TARGET.toLocaleString('en')}.`,
    );
  const rewardId = form.rewardId === NO_PRIZE ? null : form.rewardId;
  if (rewardId !== null && !prizes.includes(rewardId))
    return refuse('rewardId', 'Choose a reward of the catalogue, or no reward.');
  const points = wholeNumber(form.points, rewardId === null ? 1 : 0, MAX_RULE_POINTS);
  if (points === undefined)
    return refuse(
      'points',
      rewardId === null
        ? `Points must be a whole number from 1 to ${MAX_RULE_POINTS.toLocaleString('en')}, or 0 with a reward as the prize.`
        : `Points must be a whole number from 0 to ${MAX_RULE_POINTS.toLocaleString('en')}.`,
    );
  const startsOn = calendarDay(form.startsOn);
  if (startsOn === undefined) return refuse('startsOn', 'Enter the first day, like 2026-12-01.');
  const endsOn = calendarDay(form.endsOn);
  if (endsOn === undefined) return refuse('endsOn', 'Enter the last day, like 2026-12-31.');
  if (endsOn < startsOn) return refuse('endsOn', 'The last day must be on or after the first day.');
  if (endsOn < today)
    return refuse('endsOn', 'The last day has passed: choose today or a later day.');
  const running = existing !== undefined && challengePhase(existing, today) === 'running';
  if (running && existing.joined > 0) {
    const locked =
      'Partners have joined this running challenge on these terms, so what it counts and its target stay as they are.';
    if (criterion.value !== existing.goalKind) return refuse('goalKind', locked);
    if (goalCount !== existing.goalCount) return refuse('goalCount', locked);
    if (startsOn !== existing.startsOn)
      return refuse(
        'startsOn',
        'Partners have joined this running challenge, so its first day stays as it is.',
      );
  } else if (startsOn < today && !(running && startsOn === existing.startsOn)) {
    return refuse('startsOn', 'The first day has passed: choose today or a later day.');
  }
  return {
    ok: true,
    value: {
      name,
      description,
      goalKind: criterion.value,
      goalCount,
      points,
      rewardId,
      startsOn,
      endsOn,
    },
  };
}
