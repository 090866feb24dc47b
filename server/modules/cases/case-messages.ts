import type { Kysely } from 'kysely';
import type { AuthorRole, CaseStatus } from '~core/cases';
import type { Database } from '~server/db/schema.ts';
import { queueMail } from '~server/modules/mail';
import type { AcceptedAttachment, AttachmentWrites } from './case-attachments.ts';
import type { CaseContext } from './case-context.ts';
import { messageMail } from './case-mail.ts';
import { caseRecipients } from './case-recipients.ts';
import { replyToOf } from './case-replies.ts';
import * as repository from './cases.repository.ts';
import type { CaseRow } from './cases.tables.ts';

export interface PublicMessage {
  id: string;
  row: CaseRow;
  peopleIds: readonly string[];
  /** The author's user id; null for the owner without an account. */
  author: { id: string | null; name: string };
  role: AuthorRole;
  /** The status the message moves the case to (statusAfterMessage). */
  status: CaseStatus;
  body: string;
  /** The Message-ID of a reply that came by e-mail. */
  mailMessageId?: string;
  /** Its files, already accepted, and where they are written. */
  attachments?: { writes: AttachmentWrites; files: readonly AcceptedAttachment[] };
}

/**
 * Writes a public message in the caller's transaction: the message, the case's new status and
 * the customer's waiting time, and the e-mail to everyone on the case but its author. A reply
 * by e-mail whose Message-ID is stored already writes nothing and answers false.
 */
export async function writePublicMessage(
  trx: Kysely<Database>,
  context: Pick<CaseContext, 'siteUrl' | 'now' | 'replies' | 'followKey'>,
  message: PublicMessage,
): Promise<boolean> {
  const { row } = message;
  const at = context.now.toISOString();
  const stored = await repository.insertMessageOnce(trx, {
    id: message.id,
    case_id: row.id,
    author_id: message.author.id,
    author_role: message.role,
    body: message.body,
    created_at: at,
    visibility: 'public',
    mail_message_id: message.mailMessageId ?? null,
  });
  if (!stored) return false;
  await message.attachments?.writes.store(
    trx,
    { caseId: row.id, messageId: message.id, at },
    message.attachments.files,
  );
  await repository.updateCase(trx, row.id, {
    status: message.status,
    updated_at: at,
    ...(row.status === 'solved' ? { solved_at: null } : {}),
    ...(message.role === 'agent' ? {} : { customer_wrote_at: at }),
  });
  const recipients = await caseRecipients(trx, row, message.peopleIds, message.author.id, context);
  const mail = {
    id: row.id,
    caseNumber: row.case_number,
    subject: row.subject,
    replyTo: replyToOf(context.replies, row.id),
  };
  const text = { id: message.id, authorName: message.author.name, body: message.body };
  await queueMail(
    trx,
    recipients.map((recipient) => messageMail(mail, recipient, text, context.siteUrl)),
    context.now,
  );
  return true;
}
