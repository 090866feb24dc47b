import type { Kysely } from 'kysely';
import { escapeHtml } from '~core/content';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import * as programme from './programme.repository.ts';

/*
 * A challenge won for a reward of the catalogue (docs/partner-programme.md): completing it makes
 * a redemption of the reward for the partner, spending no points, once (its request key names
 * the challenge and the partner), in the transaction of the event that completed it.
 */

export interface WonChallenge {
  userId: string;
  challengeId: string;
  challengeName: string;
  rewardId: string;
  at: Date;
}

/**
 * Gives the partner the challenge's reward: one from stock while there is one; past the last,
 * the redemption waits marked out of stock for an admin to fulfil another way, and the partner
 * is told so. The partner is e-mailed either way.
 */
export async function awardPrize(db: Kysely<Database>, won: WonChallenge): Promise<void> {
  const reward = await programme.findReward(db, won.rewardId);
  if (reward === undefined) return;
  const id = newRecordId('partnerRedemption');
  const claimed = await programme.insertRedemption(db, {
    id,
    userId: won.userId,
    rewardId: reward.id,
    points: 0,
    requestKey: `prize:${won.challengeId}:${won.userId}`,
    at: won.at.toISOString(),
    challengeId: won.challengeId,
  });
  if (!claimed) return;
  const inStock = reward.stock === null || (await programme.takeStock(db, reward.id));
  if (!inStock) await programme.markOutOfStock(db, id);
  const [partner] = await listUserSummaries(db, [won.userId]);
  if (!partner?.email) return;
  const wait = inStock
    ? 'We will let you know when it is on its way.'
    : 'It has just run out: we will send it as soon as we can.';
  await queueMail(
    db,
    [
      {
        eventKey: `prize:${id}`,
        to: partner.email,
        subject: `You won ${reward.name}`,
        text: `You completed ${won.challengeName} and won ${reward.name}. ${wait}`,
        html: `<p>You completed <strong>${escapeHtml(won.challengeName)}</strong> and won <strong>${escapeHtml(reward.name)}</strong>. ${wait}</p>`,
      },
    ],
    won.at,
  );
}
