import { DESCRIPTION_MAX, formatCaseNumber, parseCaseNumber } from '~core/cases';
import { caseSubjectFrom, GUEST_SUBJECT_MAX, transcriptText } from '~core/contact';
import { findChat as findChatRow } from './chat.repository.ts';
import type { ChatRow } from './chat.repository.ts';
import { chatLinesAfter, endChat, noteChatCase, type ChatContext } from './chat.service.ts';
import { recordReachedPerson } from './deflection.service.ts';
import {
  checkEmailCode,
  raiseCaseWithProof,
  requestEmailCode,
  type CodeRequestOutcome,
  type GuestHelpContext,
} from './guest-help.service.ts';

/*
 * A guest's chat with no agent online becomes a case owned by their e-mail address (decision
 * 035): the address is proved by the same code as sign-in help (flow `chat`), then the
 * transcript is raised through that flow's proof, so a chat, like a form, files one case.
 */

export type AddressCaseContext = ChatContext & GuestHelpContext;

export type AddressCaseOutcome =
  | { kind: 'address-case'; caseNumber: string; email: string | null }
  | { kind: 'invalid'; field: 'email' | 'code'; message: string }
  | { kind: 'limited'; message: string }
  | NotNow;

type NotNow = { kind: 'not-now'; message: string };
const NOT_NOW: NotNow = {
  kind: 'not-now',
  message: 'This chat is no longer with the assistant, so it cannot become a case now.',
};

/** Mails the guest a code for the address their chat's case will belong to. */
export async function requestChatCode(
  context: GuestHelpContext,
  chat: ChatRow,
  request: { email: string; networkAddress: string },
): Promise<CodeRequestOutcome | NotNow> {
  if (chat.status !== 'assistant' || chat.user_id !== null) return NOT_NOW;
  return requestEmailCode(context, { flow: 'chat', ...request });
}

function caseOfChat(chat: ChatRow | undefined): AddressCaseOutcome | undefined {
  return chat?.case_number != null
    ? { kind: 'address-case', caseNumber: formatCaseNumber(chat.case_number), email: null }
    : undefined;
}

/**
 * Checks the code and turns the chat's transcript into a case for the address, once: the chat
 * that already became a case answers with it (a double click, a retry).
 */
export async function caseForAddress(
  context: AddressCaseContext,
  chat: ChatRow,
  request: { email: string; code: string; networkAddress: string },
): Promise<AddressCaseOutcome> {
  const done = caseOfChat(chat);
  if (done) return done;
  if (chat.status !== 'assistant' || chat.user_id !== null) return NOT_NOW;
  const checked = await checkEmailCode(context, { flow: 'chat', ...request });
  if (checked.kind !== 'proved')
    // The same form sent twice: the first send used the code and raised the case.
    return caseOfChat(await findChatRow(context.db, chat.id)) ?? checked;
  const lines = await chatLinesAfter(context, chat.id, 0, 1_000);
  const raised = await raiseCaseWithProof(context, {
    flow: 'chat',
    proof: checked.proof,
    networkAddress: request.networkAddress,
    subject: caseSubjectFrom(
      lines.find((line) => line.author === 'visitor')?.body,
      GUEST_SUBJECT_MAX,
    ),
    description: transcriptText(lines, DESCRIPTION_MAX),
    topicTitle: null,
  });
  if (raised.kind === 'limited') return raised;
  if (raised.kind === 'expired') return { kind: 'invalid', field: 'code', message: raised.message };
  await noteChatCase(context, chat, {
    id: raised.caseId,
    caseNumber: parseCaseNumber(raised.caseNumber) ?? 0,
  });
  await endChat(context, chat, { visitor: true, caseNumber: raised.caseNumber });
  await recordReachedPerson(context.db, chat.deflection_id, context.now);
  return { kind: 'address-case', caseNumber: raised.caseNumber, email: raised.email };
}
