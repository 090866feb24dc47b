import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import {
  caseIdFromThread,
  isAutomatic,
  MESSAGE_MAX,
  parseReplyAddress,
  statusAfterMessage,
  trimReply,
} from '~core/cases';
import { fullName } from '~core/ui';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { listUserSummaries } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import {
  acceptAttachments,
  AttachmentWrites,
  type AcceptedAttachment,
} from './case-attachments.ts';
import { CaseError } from './case-error.ts';
import { writePublicMessage } from './case-messages.ts';
import { isReplySignature, type CaseReplySettings } from './case-replies.ts';
import { refusalMail } from './case-mail.ts';
import * as repository from './cases.repository.ts';
import type { CaseRow } from './cases.tables.ts';

/*
 * Replies by e-mail (docs/cases.md, decision 024). The inbound webhook and the SMTP listener
 * both hand the raw message here: it is parsed, matched to its case by the signed reply
 * address or the thread root, checked to come from someone on the case, trimmed to what they
 * wrote, and stored once per Message-ID as their reply.
 */

export interface InboundContext {
  db: Kysely<Database>;
  siteUrl: string;
  now: Date;
  replies?: CaseReplySettings | undefined;
  followKey?: Buffer | undefined;
  /** Where the e-mails' attachments are kept (config caseAttachmentsDir). */
  attachmentsDir: string;
}

export type InboundOutcome =
  | { outcome: 'stored'; caseId: string; messageId: string }
  | { outcome: 'duplicate'; caseId: string }
  /** Auto-replies, bounces and list mail: accepted and dropped, never answered. */
  | { outcome: 'ignored'; reason: string }
  /** A reply that cannot be taken; the sender is told why (a bounce). */
  | { outcome: 'refused'; reason: string; sender: string | undefined; mailId: string };

export const INBOUND_REFUSALS = {
  noCase:
    'We could not tell which support case this e-mail answers. Reply to an e-mail about your case, or write on the case page.',
  notOnCase:
    'This e-mail came from an address that is not on the support case. Reply from the address the case’s e-mails go to, or ask the person who raised the case to invite you.',
  empty:
    'We found no text of your own in this reply (only the quoted e-mail). Write your answer above the quoted text and send it again.',
  closed:
    'This support case is closed, so it takes no more replies. Raise a follow-up case from the case page.',
  unreadable: 'This e-mail could not be read. Send it again, or write on the case page.',
} as const;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));
}

function headerMap(mail: ParsedMail): Map<string, string> {
  const map = new Map<string, string>();
  for (const { key, line } of mail.headerLines) {
    if (!map.has(key)) map.set(key, line.slice(line.indexOf(':') + 1).trim());
  }
  return map;
}

function threadIds(mail: ParsedMail): string[] {
  const references = Array.isArray(mail.references)
    ? mail.references
    : (mail.references ?? '').split(/\s+/);
  return [mail.inReplyTo ?? '', ...references].filter((id) => id !== '');
}

/** The case the reply names: its signed reply address first, then its thread root. */
function caseIdOf(
  mail: ParsedMail,
  recipients: readonly string[],
  context: InboundContext,
): string | undefined {
  if (context.replies) {
    const { key } = context.replies;
    for (const address of [...recipients, ...addresses(mail.to), ...addresses(mail.cc)]) {
      const reply = parseReplyAddress(address);
      if (reply && isReplySignature(key, reply.caseId, reply.signature)) return reply.caseId;
    }
  }
  return caseIdFromThread(threadIds(mail), new URL(context.siteUrl).hostname);
}

/**
 * The person on the case who sent it, by e-mail address: the owner (an account, or the address
 * that owns a case raised without one) or someone added to it.
 */
async function senderOnCase(context: InboundContext, row: CaseRow, sender: string | undefined) {
  if (!sender) return undefined;
  const peopleIds = await repository.listPersonIds(context.db, row.id);
  if (row.owner_id === null && row.owner_email === sender) {
    return { author: { id: null, name: sender }, peopleIds, role: 'customer' } as const;
  }
  const users = await listUserSummaries(
    context.db,
    row.owner_id ? [row.owner_id, ...peopleIds] : peopleIds,
  );
  const user = users.find((candidate) => candidate.email?.toLowerCase() === sender);
  if (!user) return undefined;
  return {
    author: { id: user.id, name: fullName(user.firstName, user.lastName) },
    peopleIds,
    role: user.id === row.owner_id ? 'customer' : 'colleague',
  } as const;
}

/**
 * Takes one raw e-mail. `recipients` are the SMTP envelope's (the webhook passes none). Never
 * throws for what the e-mail says: every outcome is an answer the caller passes on.
 */
export async function receiveCaseReply(
  context: InboundContext,
  raw: Buffer,
  recipients: readonly string[] = [],
): Promise<InboundOutcome> {
  const mailId = `<inbound-${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@${new URL(context.siteUrl).hostname}>`;
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  } catch {
    return { outcome: 'refused', reason: INBOUND_REFUSALS.unreadable, sender: undefined, mailId };
  }
  const sender = addresses(mail.from)[0];
  const messageId = mail.messageId ?? mailId;
  const refuse = (reason: string): InboundOutcome => ({
    outcome: 'refused',
    reason,
    sender,
    mailId: messageId,
  });
  if (isAutomatic(headerMap(mail))) {
    return { outcome: 'ignored', reason: 'An automatic message (auto-reply, bounce or list).' };
  }
  const caseId = caseIdOf(mail, recipients, context);
  const row = caseId ? await repository.findCase(context.db, caseId) : undefined;
  if (!row) return refuse(INBOUND_REFUSALS.noCase);
  const author = await senderOnCase(context, row, sender);
  if (!author) return refuse(INBOUND_REFUSALS.notOnCase);
  const body = trimReply(mail.text ?? '').slice(0, MESSAGE_MAX);
  if (body === '') return refuse(INBOUND_REFUSALS.empty);
  const status = statusAfterMessage(
    { status: row.status, solvedAt: row.solved_at },
    author.role,
    context.now,
  );
  if (status === undefined) return refuse(INBOUND_REFUSALS.closed);
  let files: AcceptedAttachment[];
  try {
    files = acceptAttachments(
      mail.attachments.map((part) => ({ fileName: part.filename ?? '', bytes: part.content })),
    );
  } catch (error) {
    if (error instanceof CaseError) return refuse(error.message);
    throw error;
  }
  const id = newRecordId('caseMessage');
  const writes = new AttachmentWrites(context.attachmentsDir);
  const stored = await writes.around(() =>
    context.db.transaction().execute((trx) =>
      writePublicMessage(trx, context, {
        id,
        row,
        peopleIds: author.peopleIds,
        author: author.author,
        role: author.role,
        status,
        body,
        mailMessageId: messageId,
        attachments: { writes, files },
      }),
    ),
  );
  return stored
    ? { outcome: 'stored', caseId: row.id, messageId: id }
    : { outcome: 'duplicate', caseId: row.id };
}

/**
 * Tells the sender of a refused reply why, through the outbox (the webhook's bounce; the SMTP
 * listener refuses during the conversation instead, and the sending server bounces).
 */
export async function bounceRefusedReply(
  context: InboundContext,
  outcome: Extract<InboundOutcome, { outcome: 'refused' }>,
): Promise<void> {
  if (!outcome.sender) return;
  await queueMail(
    context.db,
    [refusalMail(outcome.sender, outcome.mailId, outcome.reason, context.siteUrl)],
    context.now,
  );
}
