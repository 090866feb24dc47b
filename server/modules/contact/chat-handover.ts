import { DESCRIPTION_MAX, formatCaseNumber, SUBJECT_MAX } from '~core/cases';
import { caseSubjectFrom, routeToPerson, transcriptText } from '~core/contact';
import { listCaseCategories, raiseCase, type CaseReplySettings } from '~server/modules/cases';
import type { Viewer } from '~server/modules/identity';
import type { ChatRow } from './chat.repository.ts';
import {
  agentOnline,
  chatLinesAfter,
  endChat,
  noteChatCase,
  queueForAgent,
  type ChatContext,
} from './chat.service.ts';
import { recordReachedPerson } from './deflection.service.ts';

export interface HandOverContext extends ChatContext {
  viewer: Viewer;
  siteUrl: string;
  replies?: CaseReplySettings | undefined;
}

export type PersonOutcome =
  | { kind: 'queued' }
  | { kind: 'case'; caseId: string; caseNumber: string }
  | { kind: 'verify-email' }
  | { kind: 'no-email' }
  | { kind: 'not-now' };

/**
 * The visitor asks for a person: with an agent online the chat waits for one to take it, with
 * transcript; with none, a signed-in visitor's transcript becomes their case, and a guest is
 * asked for the address to own it (proved by a code: chat-address-case.ts). A second request
 * changes nothing.
 */
export async function askForPerson(
  context: HandOverContext,
  chat: ChatRow,
): Promise<PersonOutcome> {
  if (chat.status !== 'assistant') return { kind: 'not-now' };
  const route = routeToPerson(await agentOnline(context), !context.viewer.isGuest);
  if (route === 'verify-email') return { kind: 'verify-email' };
  if (route === 'hand-over') {
    if (!(await queueForAgent(context, chat))) return { kind: 'not-now' };
    await recordReachedPerson(context.db, chat.deflection_id, context.now);
    return { kind: 'queued' };
  }
  return caseFromChat(context, chat);
}

async function caseFromChat(context: HandOverContext, chat: ChatRow): Promise<PersonOutcome> {
  const { viewer } = context;
  if (viewer.isGuest) return { kind: 'verify-email' };
  if (chat.user_id !== null && chat.user_id !== viewer.user.id) return { kind: 'not-now' };
  if (viewer.user.email === null) return { kind: 'no-email' };
  const [category] = await listCaseCategories(context.db, 'customer');
  if (!category) throw new Error('No case category to file a chat under');
  const lines = await chatLinesAfter(context, chat.id, 0, 1_000);
  const raised = await raiseCase(
    {
      db: context.db,
      viewer,
      siteUrl: context.siteUrl,
      now: context.now,
      replies: context.replies,
    },
    {
      queue: 'customer',
      description: {
        subject: caseSubjectFrom(
          lines.find((line) => line.author === 'visitor')?.body,
          SUBJECT_MAX,
        ),
        description: transcriptText(lines, DESCRIPTION_MAX),
      },
      classification: { categoryId: category.id },
      details: { impact: 'just-me', contactMethod: 'email', contactEmail: viewer.user.email },
      // The chat's id: asking twice (a double click, a retry) files one case.
      idempotencyKey: chat.id,
    },
  );
  const caseNumber = formatCaseNumber(raised.caseNumber);
  await noteChatCase(context, chat, raised);
  await endChat(context, chat, { visitor: true, caseNumber });
  await recordReachedPerson(context.db, chat.deflection_id, context.now);
  return { kind: 'case', caseId: raised.id, caseNumber };
}
