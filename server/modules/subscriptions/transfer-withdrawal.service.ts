import { queueMail } from '~server/modules/mail';
import { auditEntry } from './history.ts';
import { subscriptionMail } from './subscription-mail.ts';
import type { Actor, BuyingPractice, SubscriptionsContext } from './subscriptions.context.ts';
import * as repository from './subscriptions.repository.ts';
import type { TransferStatus } from './subscriptions.tables.ts';

/*
 * The practice takes back a transfer the client has not answered. Withdrawing and the client's
 * answer both close the transfer with one conditional update of its open row, so of the two at
 * the same moment exactly one closes it and the other finds it closed.
 */

export type WithdrawalOutcome =
  | { kind: 'withdrawn'; businessName: string }
  | { kind: 'closed-already'; businessName: string; status: TransferStatus }
  | { kind: 'not-found' };

export async function withdrawTransfer(
  context: SubscriptionsContext,
  practice: BuyingPractice,
  actor: Actor,
  transferId: string,
): Promise<WithdrawalOutcome> {
  const { db, now } = context;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const transfer = await repository.findTransfer(trx, transferId);
    // Another practice's transfer is treated as none at all: nothing about it is told.
    if (!transfer || transfer.practice_id !== practice.id) return { kind: 'not-found' as const };
    const subscription = await repository.findSubscription(trx, transfer.subscription_id);
    if (!subscription) return { kind: 'not-found' as const };
    const businessName = subscription.business_name;
    if (!(await repository.closeTransfer(trx, transfer.id, 'withdrawn', at))) {
      const closed = await repository.findTransfer(trx, transfer.id);
      return {
        kind: 'closed-already' as const,
        businessName,
        status: closed?.status ?? transfer.status,
      };
    }
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'transfer',
        transfer.id,
        'transfer-withdrawn',
        actor.id,
        { subscription: subscription.id, by: practice.id },
        at,
      ),
    ]);
    // The client may be about to answer the e-mailed link: tell them there is nothing to answer.
    await queueMail(
      trx,
      [
        subscriptionMail(
          `subscription-transfer-withdrawn:${transfer.id}`,
          subscription.contact_email,
          `${practice.name} withdrew its request about who pays for your subscription`,
          [
            `Hello ${businessName},`,
            '',
            `${practice.name} has withdrawn its request to change who pays for your subscription from ${transfer.effective_date}.`,
            'Nothing changes: your subscription stays billed as it is, and the link we sent you no longer asks for an answer.',
          ],
        ),
      ],
      now,
    );
    return { kind: 'withdrawn' as const, businessName };
  });
}
