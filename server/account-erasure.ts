import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { forgetAnalyticsOfUser } from '~server/modules/analytics';
import { forgetAnswerEventsOfUser } from '~server/modules/answers';
import { forgetCaseContact } from '~server/modules/cases';
import { forgetCommunityMember } from '~server/modules/community';
import { forgetContactCodes } from '~server/modules/contact';
import { forgetArticleFeedbackOfUser } from '~server/modules/content';
import { eraseUser } from '~server/modules/identity';
import { forgetLearnerCertifications } from '~server/modules/learning';
import { forgetRecipient } from '~server/modules/mail';
import { leaveLeaderboards } from '~server/modules/partners';
import { forgetPracticePerson } from '~server/modules/practices';
import { closeAccountDeletion, dueAccountDeletions } from '~server/modules/privacy';

/**
 * Carries out the account deletions whose grace period has passed (docs/privacy.md): each in
 * one transaction across the modules that hold something of the person, so an account is
 * either wholly erased or untouched, and a cancellation that came first wins.
 */
export async function carryOutDueAccountDeletions(
  db: Kysely<Database>,
  now: Date,
): Promise<number> {
  let erased = 0;
  for (const request of await dueAccountDeletions(db, now)) {
    const done = await db
      .transaction()
      .execute(async (trx) => {
        const user = await eraseUser(trx, request.userId, now);
        const email = user?.email?.toLowerCase() ?? null;
        if (!(await closeAccountDeletion(trx, { ...request, email }, now))) {
          throw new CancelledMeanwhile();
        }
        await forgetCommunityMember(trx, request.userId);
        await leaveLeaderboards(trx, request.userId);
        await forgetPracticePerson(trx, { userId: request.userId, email });
        await forgetCaseContact(trx, { userId: request.userId, email });
        await forgetAnalyticsOfUser(trx, request.userId);
        await forgetAnswerEventsOfUser(trx, request.userId);
        await forgetArticleFeedbackOfUser(trx, request.userId);
        if (email) {
          await forgetLearnerCertifications(trx, email);
          await forgetRecipient(trx, email);
          await forgetContactCodes(trx, email);
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof CancelledMeanwhile) return false;
        throw error;
      });
    if (done) erased += 1;
  }
  return erased;
}

/** Rolls the erasure back: the person chose to keep the account while it was being carried out. */
class CancelledMeanwhile extends Error {}
