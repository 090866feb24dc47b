import { DESCRIPTION_MAX, formatCaseNumber, parseCaseNumber, SUBJECT_MAX } from '~core/cases';
import { caseSubjectFrom, EMAIL_MESSAGE, guestAddress, transcriptText } from '~core/contact';
import { newRecordId } from '~server/db/ids.ts';
import { listCaseCategories, raiseGuestCase } from '~server/modules/cases';
import { listUserSummaries } from '~server/modules/identity';
import * as repository from './chat.repository.ts';
import type { ChatRow } from './chat.repository.ts';
import { chatLinesAfter, type ChatAgent } from './chat.service.ts';
import type { GuestHelpContext } from './guest-help.service.ts';

/*
 * An agent files an ended chat as a case (docs/contact-support.md, "Chat"): when the talk
 * needs work after it, the transcript becomes a case the agent keeps. A signed-in visitor's
 * case goes to their account; a guest's to the address they gave in the chat, which the agent
 * types (the guest did not prove it by a code, but agents file cases for addresses by hand as
 * any help desk does). A chat files at most one case, however often it is asked.
 */

export type AgentChatCaseOutcome =
  | { kind: 'case'; caseNumber: string }
  | { kind: 'invalid'; field: 'email' | 'categoryId'; message: string }
  | { kind: 'not-now'; message: string };

const NOT_ENDED: AgentChatCaseOutcome = {
  kind: 'not-now',
  message: 'End the chat first; an ended chat can become a case.',
};

function filedAs(chat: ChatRow | undefined): AgentChatCaseOutcome | undefined {
  return chat?.case_number != null
    ? { kind: 'case', caseNumber: formatCaseNumber(chat.case_number) }
    : undefined;
}

async function ownerOf(
  context: GuestHelpContext,
  chat: ChatRow,
  typedEmail: string,
): Promise<{ ownerId?: string; email: string } | undefined> {
  if (chat.user_id !== null) {
    const [user] = await listUserSummaries(context.db, [chat.user_id]);
    if (user?.email) return { ownerId: user.id, email: user.email };
  }
  const email = guestAddress(typedEmail);
  return email ? { email } : undefined;
}

/** Whether the agent must type the address: a guest's chat, or an account without one. */
export async function chatCaseNeedsEmail(
  context: Pick<GuestHelpContext, 'db'>,
  chat: ChatRow,
): Promise<boolean> {
  if (chat.user_id === null) return true;
  const [user] = await listUserSummaries(context.db, [chat.user_id]);
  return !user?.email;
}

export async function fileChatAsCase(
  context: GuestHelpContext,
  chat: ChatRow,
  agent: ChatAgent,
  request: { email: string; categoryId: string },
): Promise<AgentChatCaseOutcome> {
  const done = filedAs(chat);
  if (done) return done;
  if (chat.status !== 'ended') return NOT_ENDED;
  const owner = await ownerOf(context, chat, request.email);
  if (!owner) return { kind: 'invalid', field: 'email', message: EMAIL_MESSAGE };
  const category = (await listCaseCategories(context.db, 'customer')).find(
    (candidate) => candidate.id === request.categoryId,
  );
  if (!category) return { kind: 'invalid', field: 'categoryId', message: 'Choose a category.' };
  const lines = await chatLinesAfter(context, chat.id, 0, 1_000);
  const id = newRecordId('case');
  const raised = await context.db.transaction().execute(async (trx) => {
    // The claim makes a second click, or a colleague's, answer with the first case.
    if (!(await repository.claimChatForCase(trx, chat.id, id))) return undefined;
    const filed = await raiseGuestCase(
      { ...context, db: trx },
      {
        id,
        ...owner,
        queue: 'customer',
        categoryId: category.id,
        categoryName: category.name,
        topicName: null,
        impact: 'just-me',
        subject: caseSubjectFrom(
          lines.find((line) => line.author === 'visitor')?.body,
          SUBJECT_MAX,
        ),
        description: transcriptText(lines, DESCRIPTION_MAX),
        internalNote: `${agent.name} filed this case from a chat that had ended.`,
        assigneeId: agent.id,
      },
    );
    await repository.setChatCase(trx, chat.id, {
      id: filed.id,
      caseNumber: parseCaseNumber(filed.caseNumber) ?? 0,
    });
    return filed;
  });
  return raised
    ? { kind: 'case', caseNumber: raised.caseNumber }
    : (filedAs(await repository.findChat(context.db, chat.id)) ?? NOT_ENDED);
}
