import { randomUUID } from 'node:crypto';
import { BANNED_WORDS_MESSAGE, containsBannedWords } from '~core/community';
import {
  checkLead,
  checkReview,
  LEADS_PER_HOUR,
  type LeadField,
  type LeadInput,
  type ReviewField,
  type ReviewInput,
} from '~core/practices';
import { bannedWords } from '~server/modules/community';
import { queueMail } from '~server/modules/mail';
import { countRateLimitHit } from '~server/modules/site';
import { findListingPage } from './directory.service.ts';
import * as messages from './messages.repository.ts';
import { practiceMail } from './practice-mail.ts';
import {
  invalid,
  type FieldProblem,
  type PracticeUser,
  type PracticesContext,
} from './practices.context.ts';
import { roleOf } from './practices.policy.ts';
import * as repository from './practices.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

export type LeadOutcome =
  | FieldProblem<LeadField>
  | { kind: 'sent' }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'not-found' };

async function bannedField<Field extends string>(
  texts: Readonly<Record<Field, string>>,
): Promise<FieldProblem<Field> | undefined> {
  const list = await bannedWords();
  for (const [field, text] of Object.entries(texts) as [Field, string][])
    if (containsBannedWords(list, text)) return invalid(field, BANNED_WORDS_MESSAGE);
  return undefined;
}

/**
 * A visitor's message to a listed practice: checked field by field and for banned words, held
 * to LEADS_PER_HOUR per visitor, kept for the practice's manage page and mailed to its people.
 * The form's key makes a double submit one lead.
 */
export async function sendLead(
  context: PracticesContext,
  slug: string,
  input: LeadInput & { requestKey: string; visitorKey: string },
): Promise<LeadOutcome> {
  const check = checkLead(input);
  if (!check.ok) return invalid(check.field, check.message);
  const banned = await bannedField({ name: input.name, message: input.message });
  if (banned) return banned;
  const page = await findListingPage(context, slug);
  if (!page) return { kind: 'not-found' };
  const window = await countRateLimitHit(
    context.db,
    `practices.lead:${input.visitorKey}`,
    HOUR_MS,
    context.now.getTime(),
  );
  if (window.count > LEADS_PER_HOUR)
    return {
      kind: 'rate-limited',
      message: `You have sent ${LEADS_PER_HOUR} messages to practices this hour. Try again in ${Math.ceil(window.ttlMs / 60000)} minutes; your message has been kept.`,
    };
  await context.db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const inserted = await messages.insertLead(trx, {
      id,
      practice_id: page.practice.id,
      name: input.name.trim(),
      email: input.email.trim(),
      phone: input.phone.trim(),
      message: input.message.trim(),
      status: 'new',
      answer: null,
      answered_at: null,
      answered_by: null,
      request_key: input.requestKey,
      created_at: context.now.toISOString(),
    });
    if (!inserted) return;
    const people = await repository.listPeople(trx, page.practice.id);
    await queueMail(
      trx,
      people.map((person) =>
        practiceMail(
          `practice-lead:${id}:${person.user_id}`,
          person.email,
          `New enquiry from ${input.name.trim()} via the advisor directory`,
          [
            `Hello ${person.name},`,
            '',
            `${input.name.trim()} (${input.email.trim()}${input.phone.trim() ? `, ${input.phone.trim()}` : ''}) wrote to ${page.practice.name}:`,
            '',
            input.message.trim(),
            '',
            `Answer it on your listing's page: ${context.links.manage}`,
          ],
        ),
      ),
      context.now,
    );
  });
  return { kind: 'sent' };
}

export interface LeadView {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: 'new' | 'answered';
  answer: string | null;
  createdAt: string;
}

/** The leads of the person's own practice, newest first; none for anyone outside it. */
export async function listPracticeLeads(
  context: Pick<PracticesContext, 'db'>,
  user: PracticeUser,
  practiceId: string,
): Promise<LeadView[]> {
  const people = await repository.listPeople(context.db, practiceId);
  if (!roleOf(people, user.id)) return [];
  return (await messages.listLeads(context.db, practiceId, 100)).map((lead) => ({
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    status: lead.status,
    answer: lead.answer,
    createdAt: lead.created_at,
  }));
}

export type AnswerOutcome = FieldProblem<'answer'> | { kind: 'answered' } | { kind: 'gone' };

/** The practice answers a lead: the visitor gets the answer by e-mail, the lead is marked. */
export async function answerLead(
  context: PracticesContext,
  user: PracticeUser,
  practiceId: string,
  leadId: string,
  text: string,
): Promise<AnswerOutcome> {
  const answer = text.trim();
  if (answer.length < 2 || answer.length > 4000)
    return invalid('answer', 'Write your answer, 2 to 4000 characters.');
  const banned = await bannedField({ answer });
  if (banned) return banned;
  return context.db.transaction().execute(async (trx) => {
    const people = await repository.listPeople(trx, practiceId);
    if (!roleOf(people, user.id)) return { kind: 'gone' };
    const lead = await messages.answerLead(trx, practiceId, leadId, {
      text: answer,
      by: user.id,
      at: context.now.toISOString(),
    });
    if (!lead) return { kind: 'gone' };
    const practice = await repository.findPracticeById(trx, practiceId);
    await queueMail(
      trx,
      [
        practiceMail(
          `practice-lead-answer:${lead.id}`,
          lead.email,
          `${practice?.name ?? 'The practice'} answered your enquiry`,
          [
            `Hello ${lead.name},`,
            '',
            `${user.name} of ${practice?.name} answered your message:`,
            '',
            answer,
            '',
            `Reply to ${user.email} to carry on.`,
          ],
        ),
      ],
      context.now,
    );
    return { kind: 'answered' };
  });
}

export type ReviewOutcome =
  FieldProblem<ReviewField> | { kind: 'submitted' } | { kind: 'not-found' };

/** A client's review of a listed practice: kept for the moderators, shown once approved. */
export async function submitReview(
  context: PracticesContext,
  slug: string,
  input: ReviewInput & { requestKey: string },
): Promise<ReviewOutcome> {
  const check = checkReview(input);
  if (!check.ok) return invalid(check.field, check.message);
  const banned = await bannedField({ name: input.name, body: input.body });
  if (banned) return banned;
  const page = await findListingPage(context, slug);
  if (!page) return { kind: 'not-found' };
  await messages.insertReview(context.db, {
    id: randomUUID(),
    practice_id: page.practice.id,
    name: input.name.trim(),
    rating: Number(input.rating),
    body: input.body.trim(),
    status: 'pending',
    request_key: input.requestKey,
    created_at: context.now.toISOString(),
    decided_at: null,
  });
  return { kind: 'submitted' };
}
