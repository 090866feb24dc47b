import { randomUUID } from 'node:crypto';
import { queueMail } from '~server/modules/mail';
import * as listings from './listing.repository.ts';
import { indexListing, parseListing } from './listing.service.ts';
import * as messages from './messages.repository.ts';
import { practiceMail } from './practice-mail.ts';
import type { PracticesContext } from './practices.context.ts';
import * as repository from './practices.repository.ts';

/*
 * The staff's moderation queue of the directory: listings waiting for their first publication or
 * a new description, and clients' reviews. Each decision writes an audit entry in the same
 * transaction; of two moderators deciding the same item, the second is told it was decided.
 */

export interface Moderator {
  id: string;
  name: string;
}

export async function moderationQueue(context: Pick<PracticesContext, 'db'>) {
  const [pendingListings, pendingReviews, decisions] = await Promise.all([
    listings.listPendingListings(context.db, 100),
    messages.listPendingReviews(context.db, 100),
    messages.listModerationEntries(context.db, 30),
  ]);
  return {
    listings: pendingListings.map((listing) => {
      const submitted = parseListing(listing.submitted);
      const published = parseListing(listing.published);
      return {
        practiceId: listing.id,
        name: listing.name,
        market: listing.market,
        slug: listing.slug,
        submittedAt: listing.updated_at,
        firstPublication: published === null,
        description: submitted?.description ?? '',
        previousDescription: published?.description ?? null,
        /** The copy the moderator decides on: a later edit makes the decision refused. */
        version: listing.submitted ?? '',
      };
    }),
    reviews: pendingReviews.map((review) => ({
      id: review.id,
      practiceName: review.practice_name,
      name: review.name,
      rating: Number(review.rating),
      body: review.body,
      createdAt: review.created_at,
    })),
    decisions: decisions.map((entry) => ({
      id: entry.id,
      subject: entry.subject,
      decision: entry.decision,
      note: entry.note,
      moderatorId: entry.moderator_id,
      createdAt: entry.created_at,
    })),
  };
}

export type ModerationOutcome = { kind: 'decided' } | { kind: 'gone' };

/** Approves a submitted listing (published and indexed) or rejects it with a note. */
export async function decideListing(
  context: PracticesContext,
  moderator: Moderator,
  decision: { practiceId: string; version: string; approve: boolean; note: string },
): Promise<ModerationOutcome> {
  const at = context.now.toISOString();
  return context.db.transaction().execute(async (trx) => {
    const practice = await repository.findPracticeById(trx, decision.practiceId);
    const submitted = parseListing(decision.version);
    if (!practice || !submitted) return { kind: 'gone' };
    const taken = await listings.takeSubmitted(
      trx,
      practice.id,
      decision.version,
      decision.approve
        ? {
            published: decision.version,
            listed: 1,
            moderation: 'none',
            submitted: null,
            moderation_note: null,
            published_at: at,
            updated_at: at,
          }
        : {
            moderation: 'rejected',
            submitted: null,
            moderation_note: decision.note,
            updated_at: at,
          },
    );
    if (!taken) return { kind: 'gone' };
    if (decision.approve) await indexListing(trx, practice, submitted);
    await messages.insertModerationEntry(trx, {
      id: randomUUID(),
      subject: 'listing',
      subject_id: practice.id,
      practice_id: practice.id,
      decision: decision.approve ? 'approved' : 'rejected',
      note: decision.note,
      moderator_id: moderator.id,
      created_at: at,
    });
    const principals = (await repository.listPeople(trx, practice.id)).filter(
      (person) => person.role === 'principal',
    );
    await queueMail(
      trx,
      principals.map((person) =>
        practiceMail(
          `practice-listing-decided:${practice.id}:${at}:${person.user_id}`,
          person.email,
          decision.approve
            ? `${practice.name} is listed in the advisor directory`
            : `Your advisor directory listing needs changes`,
          [
            `Hello ${person.name},`,
            '',
            decision.approve
              ? `Your listing is now in the advisor directory: ${context.links.listing(practice.slug)}`
              : `A moderator did not publish your listing${decision.note ? `: ${decision.note}` : '.'}`,
            '',
            `Your listing: ${context.links.manage}`,
          ],
        ),
      ),
      context.now,
    );
    return { kind: 'decided' };
  });
}

/** Approves a review (shown on the listing) or rejects it. */
export async function decideReview(
  context: PracticesContext,
  moderator: Moderator,
  decision: { reviewId: string; approve: boolean; note: string },
): Promise<ModerationOutcome> {
  const at = context.now.toISOString();
  return context.db.transaction().execute(async (trx) => {
    const review = await messages.decideReview(trx, decision.reviewId, {
      status: decision.approve ? 'approved' : 'rejected',
      at,
    });
    if (!review) return { kind: 'gone' };
    await messages.insertModerationEntry(trx, {
      id: randomUUID(),
      subject: 'review',
      subject_id: review.id,
      practice_id: review.practice_id,
      decision: decision.approve ? 'approved' : 'rejected',
      note: decision.note,
      moderator_id: moderator.id,
      created_at: at,
    });
    return { kind: 'decided' };
  });
}
