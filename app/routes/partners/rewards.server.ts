import { randomUUID } from 'node:crypto';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { routeContractFor } from '~app/site.ts';
import { isRecordId } from '~core/records';
import {
  challengeDetail,
  joinChallenge,
  leaveChallenge,
  listChallengesFor,
  listRedemptions,
  listRewards,
  pointsAccount,
  redeemReward,
} from '~server/modules/partners';
import { pageToken } from '../community/community.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { partnerAccess, runPartnerAction, type PartnerFormResult } from './partners.server.ts';

const ALL = { kind: 'all', from: '', to: '' } as const;

/** Challenges to join and rewards to spend points on, with the partner's own standing. */
export async function rewardsLoader({ request, context }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const { user } = access;
  const now = context.clock.now();
  const [challenges, rewards, redemptions, account] = await Promise.all([
    listChallengesFor(context.db, user.id, now),
    listRewards(context.db),
    listRedemptions(context.db, user.id),
    pointsAccount(context.db, user.id, ALL, now),
  ]);
  return {
    kind: 'partner' as const,
    challenges,
    rewards,
    redemptions,
    balance: account.balance,
    // Each showing of the page gets its own key: the same form sent twice redeems once.
    pageToken: pageToken(),
  };
}

const REFUSALS = {
  'not-found': 'This reward is no longer offered.',
  'out-of-stock': 'This reward has just run out. Choose another one.',
  'not-enough-points': 'You do not have enough points for this reward.',
  ended: 'This challenge has ended.',
} as const;

function refused(formId: string, reason: keyof typeof REFUSALS): PartnerFormResult {
  return { formId, ok: false, message: REFUSALS[reason] };
}

export async function rewardsAction(args: ActionFunctionArgs) {
  return runPartnerAction(args, {
    async redeem(form, user, context) {
      const rewardId = form.text('rewardId');
      if (!isRecordId(rewardId)) return refused(form.formId, 'not-found');
      const result = await redeemReward(context.db, {
        userId: user.id,
        email: user.email,
        rewardId,
        requestKey: form.text('requestKey') || `${rewardId}:${randomUUID()}`,
        at: context.clock.now(),
      });
      if (!result.ok) return refused(form.formId, result.reason);
      return {
        formId: form.formId,
        ok: true,
        message:
          'Redeemed. We have e-mailed you the details and will let you know when it is on its way.',
      };
    },
    async join(form, user, context) {
      const challengeId = form.text('challengeId');
      if (!isRecordId(challengeId)) return refused(form.formId, 'ended');
      const result = await joinChallenge(context.db, {
        userId: user.id,
        challengeId,
        onLeaderboard: form.text('leaderboard') === 'on',
        at: context.clock.now(),
      });
      if (!result.ok) return refused(form.formId, 'ended');
      return { formId: form.formId, ok: true, message: 'You have joined the challenge.' };
    },
    async leave(form, user, context) {
      const challengeId = form.text('challengeId');
      if (isRecordId(challengeId)) await leaveChallenge(context.db, user.id, challengeId);
      return { formId: form.formId, ok: true, message: 'You have left the challenge.' };
    },
  });
}

/** One challenge and its leaderboard; a challenge that does not exist is the page's 404. */
export async function challengeLoader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  // The route data rule of every id page: a malformed id goes to the error page.
  if (!isRecordId(id)) {
    throw redirect(routeContractFor(context.config).path('error') ?? '/s/error', 302);
  }
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const detail = await challengeDetail(context.db, access.user.id, id, context.clock.now());
  if (detail === undefined) return notFound();
  return { kind: 'partner' as const, ...detail };
}
