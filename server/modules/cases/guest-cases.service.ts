import { formatCaseNumber, messageInput, statusAfterMessage, type CaseImpact } from '~core/cases';
import { fullName } from '~core/ui';
import { newRecordId } from '~server/db/ids.ts';
import { listUserSummaries } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { parse, type CaseContext } from './case-context.ts';
import { CaseError, caseNotFound } from './case-error.ts';
import { caseIdOfFollowToken, followToken, followUrl } from './case-follow-links.ts';
import { confirmationMail } from './case-mail.ts';
import { writePublicMessage } from './case-messages.ts';
import { replyToOf } from './case-replies.ts';
import { caseTextHtml } from './case-text.ts';
import * as repository from './cases.repository.ts';
import { caseSummaryOf, type CaseSummary } from './cases.presenters.ts';

/*
 * Cases owned by an e-mail address rather than an account (decision 026): raised from the
 * contact flows for people who cannot sign in, once they proved the address by a code, and
 * followed by the signed link their e-mails carry. Whether an account has the address changes
 * nothing here, so nothing tells a visitor whether one does.
 */

export type GuestCaseContext = Omit<CaseContext, 'viewer'> & { followKey: Buffer };

export interface GuestCaseInput {
  /** Drawn by the caller, who claims it first so a form sent twice raises one case. */
  id: string;
  email: string;
  queue: 'customer' | 'identity';
  categoryId: string;
  categoryName: string;
  topicName: string | null;
  impact: CaseImpact;
  subject: string;
  description: string;
  /** For the agents only (an identity check's answers): an internal note on the case. */
  internalNote?: string;
  /**
   * The account the case belongs to when an agent files a signed-in visitor's chat: it then
   * shows in their cases, and `email` is only where replies go.
   */
  ownerId?: string;
  /** The agent who filed it keeps it. */
  assigneeId?: string;
}

/** A case for an address, in the caller's transaction, with its confirmation e-mail queued. */
export async function raiseGuestCase(
  context: GuestCaseContext,
  input: GuestCaseInput,
): Promise<{ id: string; caseNumber: string }> {
  const at = context.now.toISOString();
  const caseNumber = await repository.takeCaseNumber(context.db);
  await repository.insertCase(context.db, {
    id: input.id,
    case_number: caseNumber,
    queue: input.queue,
    subject: input.subject,
    description: input.description,
    product: null,
    category_id: input.categoryId,
    category_name: input.categoryName,
    topic_id: null,
    topic_name: input.topicName,
    impact: input.impact,
    contact_method: 'email',
    contact_email: input.email,
    contact_phone: null,
    callback_from: null,
    callback_to: null,
    status: 'new',
    owner_id: input.ownerId ?? null,
    owner_email: input.ownerId ? null : input.email,
    assignee_id: input.assigneeId ?? null,
    organisation_id: null,
    follow_up_of: null,
    created_at: at,
    updated_at: at,
    solved_at: null,
    closed_at: null,
    rating: null,
    rating_comment: null,
    rated_at: null,
    customer_wrote_at: at,
  });
  if (input.internalNote) {
    await repository.insertMessage(context.db, {
      id: newRecordId('caseMessage'),
      case_id: input.id,
      author_id: null,
      author_role: 'customer',
      body: input.internalNote,
      created_at: at,
      visibility: 'internal',
      mail_message_id: null,
    });
  }
  const mail = {
    id: input.id,
    caseNumber,
    subject: input.subject,
    replyTo: replyToOf(context.replies, input.id),
  };
  const owner = input.ownerId
    ? { userId: input.ownerId, firstName: '', lastName: '', email: input.email }
    : {
        userId: `address:${input.email}`,
        firstName: '',
        lastName: '',
        email: input.email,
        caseUrl: followUrl(context.siteUrl, context.followKey, input.id),
      };
  await queueMail(context.db, [confirmationMail(mail, owner, context.siteUrl)], context.now);
  return { id: input.id, caseNumber: formatCaseNumber(caseNumber) };
}

/** The number of a case raised for an address, for a form sent twice to answer the first. */
export async function guestCaseNumber(
  context: Pick<CaseContext, 'db'>,
  id: string,
): Promise<string | undefined> {
  const row = await repository.findCase(context.db, id);
  return row ? formatCaseNumber(row.case_number) : undefined;
}

export interface FollowedCase extends CaseSummary {
  description: string;
  descriptionHtml: string;
  messages: {
    id: string;
    authorName: string;
    fromSupport: boolean;
    bodyHtml: string;
    createdAt: string;
  }[];
  mayReply: boolean;
  /** The token of the link, for the reply form to post back. */
  token: string;
}

async function caseOfToken(context: GuestCaseContext, token: string) {
  const id = caseIdOfFollowToken(context.followKey, token);
  const row = id ? await repository.findCase(context.db, id) : undefined;
  // Only a case an address owns is followed by link; a signed-in owner's has its case page.
  if (!row || row.owner_id !== null || !row.owner_email) throw caseNotFound();
  return row;
}

/** The case its follow link names, with its public conversation. Not valid: NOT_FOUND. */
export async function getFollowedCase(
  context: GuestCaseContext,
  token: string,
): Promise<FollowedCase> {
  const row = await caseOfToken(context, token);
  const messages = await repository.listMessages(context.db, row.id, ['public']);
  const authorIds = messages.flatMap((message) => (message.author_id ? [message.author_id] : []));
  const names = new Map(
    (await listUserSummaries(context.db, authorIds)).map((user) => [
      user.id,
      fullName(user.firstName, user.lastName),
    ]),
  );
  return {
    ...caseSummaryOf(row),
    description: row.description,
    descriptionHtml: caseTextHtml(context.siteUrl, row.description),
    messages: messages.map((message) => ({
      id: message.id,
      authorName:
        message.author_id === null ? 'You' : (names.get(message.author_id) ?? 'Support team'),
      fromSupport: message.author_role === 'agent',
      bodyHtml: caseTextHtml(context.siteUrl, message.body),
      createdAt: message.created_at,
    })),
    mayReply:
      statusAfterMessage(
        { status: row.status, solvedAt: row.solved_at },
        'customer',
        context.now,
      ) !== undefined,
    token: followToken(context.followKey, row.id),
  };
}

/**
 * The owner's reply from the follow page; it mails the agent working on it like any reply. The
 * form's one-time key, claimed for the address, makes a reply sent twice one reply.
 */
export async function replyToFollowedCase(
  context: GuestCaseContext,
  token: string,
  input: { body: unknown; idempotencyKey?: string },
): Promise<{ messageId: string }> {
  const row = await caseOfToken(context, token);
  const values = parse(messageInput, input);
  const status = statusAfterMessage(
    { status: row.status, solvedAt: row.solved_at },
    'customer',
    context.now,
  );
  if (status === undefined) {
    throw new CaseError('CONFLICT', 'This case is closed, so it takes no more replies.', 'body');
  }
  const messageId = newRecordId('caseMessage');
  const peopleIds = await repository.listPersonIds(context.db, row.id);
  return context.db.transaction().execute(async (trx) => {
    if (values.idempotencyKey) {
      const existing = await repository.claimIdempotencyKey(trx, {
        user_id: `address:${row.owner_email}`,
        key: values.idempotencyKey,
        action: `reply:${row.id}`,
        result_id: messageId,
        created_at: context.now.toISOString(),
      });
      if (existing) return { messageId: existing.result_id };
    }
    await writePublicMessage(trx, context, {
      id: messageId,
      row,
      peopleIds,
      author: { id: null, name: row.owner_email ?? 'The customer' },
      role: 'customer',
      status,
      body: values.body,
    });
    return { messageId };
  });
}
