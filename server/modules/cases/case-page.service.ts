import {
  IMPACT_LABELS,
  mayManagePeople,
  mayMarkSolved,
  mayRate,
  messageInput,
  ratingInput,
  reopenOutcome,
  statusAfterMessage,
  type AuthorRole,
  type CaseRelation,
} from '~core/cases';
import { fullName } from '~core/ui';
import { newRecordId } from '~server/db/ids.ts';
import { listProducts } from '~server/modules/content';
import { listUserSummaries } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { loadVisibleCase, type VisibleCase } from './case-access.ts';
import { parse, type CaseContext } from './case-context.ts';
import { acceptUploads, attachmentWrites, type AttachmentUpload } from './case-attachments.ts';
import { CaseError } from './case-error.ts';
import { solvedMail } from './case-mail.ts';
import { writePublicMessage } from './case-messages.ts';
import { caseRecipients } from './case-recipients.ts';
import { replyToOf } from './case-replies.ts';
import { caseTextHtml } from './case-text.ts';
import * as repository from './cases.repository.ts';
import { attachmentViewOf, caseSummaryOf, contactOf, type CaseView } from './cases.presenters.ts';

/* The case page: the case with its conversation and people, replying, solving, reopening, rating. */

function timingOf(visible: VisibleCase) {
  return { status: visible.row.status, solvedAt: visible.row.solved_at };
}

/** The case as the viewer sees it, with what they may do. Not visible: the NOT_FOUND refusal. */
export async function getCase(context: CaseContext, id: string): Promise<CaseView> {
  const visible = await loadVisibleCase(context, id);
  const { row, relation, peopleIds } = visible;
  const [messages, products, files] = await Promise.all([
    repository.listMessages(
      context.db,
      id,
      relation === 'agent' ? ['public', 'internal'] : ['public'],
    ),
    listProducts(context.db),
    repository.listAttachments(context.db, id),
  ]);
  // Files are listed under the messages shown; an internal note's stay with the hidden note.
  const filesOf = (messageId: string | null) =>
    files.filter((file) => file.message_id === messageId).map(attachmentViewOf);
  const users = new Map(
    (
      await listUserSummaries(
        context.db,
        [row.owner_id, ...peopleIds, ...messages.map((message) => message.author_id)].filter(
          (userId) => userId !== null,
        ),
      )
    ).map((user) => [user.id, user]),
  );
  // A null author is the owner without an account, known by their address.
  const nameOf = (userId: string | null) => {
    if (userId === null) return row.owner_email ?? 'Someone';
    const user = users.get(userId);
    return user ? fullName(user.firstName, user.lastName) : 'Someone';
  };
  const timing = timingOf(visible);
  return {
    ...caseSummaryOf(row),
    queue: row.queue,
    description: row.description,
    descriptionHtml: caseTextHtml(context.siteUrl, row.description),
    attachments: filesOf(null),
    ownerName: nameOf(row.owner_id),
    product: products.find((product) => product.key === row.product)?.name ?? row.product,
    impact: row.impact,
    impactLabel: IMPACT_LABELS[row.impact],
    contact: contactOf(row),
    solvedAt: row.solved_at,
    closedAt: row.closed_at,
    rating: row.rating === null ? null : { score: row.rating, comment: row.rating_comment ?? '' },
    followUpOf: row.follow_up_of ? { id: row.follow_up_of } : null,
    mergedInto: row.merged_into ? { id: row.merged_into } : null,
    messages: messages.map((message) => ({
      id: message.id,
      authorName: nameOf(message.author_id),
      authorRole: message.author_role,
      bodyHtml: caseTextHtml(context.siteUrl, message.body),
      createdAt: message.created_at,
      internal: message.visibility === 'internal',
      attachments: filesOf(message.id),
    })),
    people: peopleIds.map((userId) => ({
      userId,
      name: nameOf(userId),
      email: users.get(userId)?.email ?? null,
    })),
    relation,
    may: {
      reply: statusAfterMessage(timing, authorRoleOf(relation), context.now) !== undefined,
      markSolved: mayMarkSolved(row.status),
      reopen: relation === 'agent' ? 'none' : reopenOutcome(timing, context.now),
      rate: relation === 'owner' && mayRate(row.status),
      managePeople: mayManagePeople(relation),
    },
  };
}

/** How a writer is shown on the conversation. */
export function authorRoleOf(relation: CaseRelation): AuthorRole {
  if (relation === 'agent') return 'agent';
  return relation === 'owner' ? 'customer' : 'colleague';
}

/**
 * A public message on the case. It moves the status (an agent's reply waits for the customer;
 * a customer's puts the case back with the team, reopening it within its window) and mails
 * everyone on the case but its author, in one transaction. The idempotency key makes a
 * message sent twice one message.
 */
export async function replyToCase(
  context: CaseContext,
  id: string,
  input: { body: unknown; idempotencyKey?: string; attachments?: readonly AttachmentUpload[] },
): Promise<{ messageId: string }> {
  const visible = await loadVisibleCase(context, id);
  const { row, user, relation, peopleIds } = visible;
  const values = parse(messageInput, input);
  const role = authorRoleOf(relation);
  const status = statusAfterMessage(timingOf(visible), role, context.now);
  if (status === undefined) {
    throw new CaseError(
      'CONFLICT',
      'This case is closed. Raise a follow-up case to ask about it again.',
      'body',
    );
  }
  const files = acceptUploads(input.attachments ?? []);
  const writes = attachmentWrites(context);
  const at = context.now.toISOString();
  const messageId = newRecordId('caseMessage');
  return writes.around(() =>
    context.db.transaction().execute(async (trx) => {
      if (values.idempotencyKey) {
        const existing = await repository.claimIdempotencyKey(trx, {
          user_id: user.id,
          key: values.idempotencyKey,
          action: `reply:${id}`,
          result_id: messageId,
          created_at: at,
        });
        if (existing) return { messageId: existing.result_id };
      }
      await writePublicMessage(trx, context, {
        id: messageId,
        row,
        peopleIds,
        author: { id: user.id, name: fullName(user.firstName, user.lastName) },
        role,
        status,
        body: values.body,
        attachments: { writes, files },
      });
      return { messageId };
    }),
  );
}

/** Marks the case solved and mails everyone on it the link to rate the help. */
export async function markCaseSolved(context: CaseContext, id: string): Promise<void> {
  const { row, user, peopleIds } = await loadVisibleCase(context, id);
  if (!mayMarkSolved(row.status)) return;
  const at = context.now.toISOString();
  await context.db.transaction().execute(async (trx) => {
    await repository.updateCase(trx, id, { status: 'solved', solved_at: at, updated_at: at });
    const recipients = await caseRecipients(trx, row, peopleIds, undefined, context);
    const mail = {
      id,
      caseNumber: row.case_number,
      subject: row.subject,
      replyTo: replyToOf(context.replies, id),
    };
    const solvedBy = fullName(user.firstName, user.lastName);
    await queueMail(
      trx,
      recipients.map((recipient) =>
        solvedMail(mail, recipient, solvedBy, `${id}:${at}`, context.siteUrl),
      ),
      context.now,
    );
  });
}

/**
 * Reopens a solved case within 14 days of solving. After that (or once closed) the answer is
 * 'follow-up': the page offers a new case linked to this one.
 */
export async function reopenCase(
  context: CaseContext,
  id: string,
): Promise<'reopened' | 'follow-up'> {
  const visible = await loadVisibleCase(context, id);
  const outcome = reopenOutcome(timingOf(visible), context.now);
  if (outcome === 'follow-up') return 'follow-up';
  if (outcome === 'reopen') {
    const at = context.now.toISOString();
    await repository.updateCase(context.db, id, {
      status: 'open',
      solved_at: null,
      updated_at: at,
    });
  }
  return 'reopened';
}

/** The owner's rating of the help, 1 to 5 with a comment; rating again replaces it. */
export async function rateCase(
  context: CaseContext,
  id: string,
  input: { score: unknown; comment: unknown },
): Promise<void> {
  const { row, relation } = await loadVisibleCase(context, id);
  const values = parse(ratingInput, input);
  if (relation !== 'owner' || !mayRate(row.status)) {
    throw new CaseError('CONFLICT', 'Only the person who raised a solved case can rate it.');
  }
  await repository.updateCase(context.db, id, {
    rating: values.score,
    rating_comment: values.comment === '' ? null : values.comment,
    rated_at: context.now.toISOString(),
  });
}
