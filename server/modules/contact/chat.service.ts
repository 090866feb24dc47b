import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  chatMessageText,
  PRESENCE_FRESH_MS,
  type ChatAuthor,
  type ChatStatus,
} from '~core/contact';
import type { Region } from '~core/regions';
import type { Database } from '~server/db/schema.ts';
import { findGivenAnswer } from '~server/modules/answers';
import type { ChatNews } from './chat-news.ts';
import * as repository from './chat.repository.ts';
import type { ChatChange, ChatRow } from './chat.repository.ts';
import { recordAnswerShown, recordShownHelp } from './deflection.service.ts';

/*
 * Chat support (docs/contact-support.md, "Chat"): a visitor talks to the grounded assistant,
 * asks for a person, and an online agent takes the chat live. Every line is stored before it
 * is announced; streams read the lines from the table (chat-stream.ts).
 */

export interface ChatContext {
  db: Kysely<Database>;
  news: ChatNews;
  now: Date;
}

export interface ChatAgent {
  id: string;
  name: string;
}

export interface ChatLine {
  seq: number;
  author: ChatAuthor;
  authorName: string;
  body: string;
  citations: { number: number; title: string; uri: string }[];
  /** The status the chat moved to with this line, for 'notice' lines. */
  status: ChatStatus | null;
  createdAt: string;
}

export type ChatWrite =
  | { kind: 'sent'; seq: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'closed'; message: string };

const CLOSED = {
  kind: 'closed',
  message: 'This chat has ended; start a new one to write again.',
} as const;

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Starts a chat with the assistant; the secret (for the visitor's cookie) is not kept. */
export async function startChat(
  context: ChatContext,
  visitor: { region: Region; userId: string | null },
): Promise<{ id: string; secret: string }> {
  const at = context.now.toISOString();
  const deflectionId = await recordShownHelp(
    context.db,
    { flow: 'chat', region: visitor.region, topic: 'chat', sawAnswer: false, articlesShown: 0 },
    context.now,
  );
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await repository.insertChat(context.db, {
    id,
    secret_hash: secretHash(secret),
    user_id: visitor.userId,
    region: visitor.region,
    status: 'assistant',
    agent_id: null,
    agent_name: null,
    deflection_id: deflectionId,
    case_id: null,
    case_number: null,
    last_seq: 0,
    created_at: at,
    updated_at: at,
  });
  return { id, secret };
}

/** The chat a visitor's secret opens, if any. */
export async function chatOfSecret(
  context: Pick<ChatContext, 'db'>,
  secret: string,
): Promise<ChatRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  return repository.findChatBySecret(context.db, secretHash(secret));
}

export async function findChat(context: Pick<ChatContext, 'db'>, id: string) {
  return /^[0-9a-f-]{36}$/.test(id) ? repository.findChat(context.db, id) : undefined;
}

/** Stores a line if the chat allows it, then tells the chat's streams. */
async function write(
  context: ChatContext,
  chat: ChatRow,
  line: { author: ChatAuthor; authorName: string; body: string; citations?: string },
  change: ChatChange,
): Promise<number | undefined> {
  const seq = await repository.appendLine(
    context.db,
    chat.id,
    {
      author: line.author,
      author_name: line.authorName,
      body: line.body,
      citations: line.citations ?? null,
      created_at: context.now.toISOString(),
    },
    change,
  );
  if (seq !== undefined) await context.news.announce(chat.id);
  return seq;
}

/**
 * Keeps a question the visitor asked the assistant and the answer the answer service gave for
 * it (looked up by its id, so the transcript holds the service's words), and counts the
 * answer and its cited articles as help the visitor saw.
 */
export async function keepAssistantAnswer(
  context: ChatContext,
  chat: ChatRow,
  asked: { question: unknown; answerId: string },
): Promise<ChatWrite> {
  const question = chatMessageText(asked.question);
  if (!question.ok) return { kind: 'invalid', message: question.message };
  const answer = await findGivenAnswer(context.db, asked.answerId);
  if (!answer)
    return { kind: 'invalid', message: 'That answer is no longer available; ask again.' };
  const inAssistant = { from: ['assistant'] } as const;
  const asks = await write(
    context,
    chat,
    { author: 'visitor', authorName: '', body: question.text },
    inAssistant,
  );
  if (asks === undefined) return CLOSED;
  const seq = await write(
    context,
    chat,
    {
      author: 'assistant',
      authorName: '',
      body: answer.text,
      citations: JSON.stringify(answer.citations),
    },
    inAssistant,
  );
  if (seq === undefined) return CLOSED;
  await recordAnswerShown(
    context.db,
    chat.deflection_id,
    answer.declined ? 0 : answer.citations.length,
  );
  return { kind: 'sent', seq };
}

/** A visitor's message: to the queue while they wait, to their agent once one took the chat. */
export async function sendVisitorMessage(
  context: ChatContext,
  chat: ChatRow,
  text: unknown,
): Promise<ChatWrite> {
  const message = chatMessageText(text);
  if (!message.ok) return { kind: 'invalid', message: message.message };
  const seq = await write(
    context,
    chat,
    { author: 'visitor', authorName: '', body: message.text },
    { from: ['assistant', 'waiting', 'with-agent'] },
  );
  return seq === undefined ? CLOSED : { kind: 'sent', seq };
}

/** An agent's reply in a chat they hold. */
export async function sendAgentReply(
  context: ChatContext,
  chat: ChatRow,
  agent: ChatAgent,
  text: unknown,
): Promise<ChatWrite> {
  const message = chatMessageText(text);
  if (!message.ok) return { kind: 'invalid', message: message.message };
  const seq = await write(
    context,
    chat,
    { author: 'agent', authorName: agent.name, body: message.text },
    { from: ['with-agent'], heldBy: agent.id },
  );
  return seq === undefined ? CLOSED : { kind: 'sent', seq };
}

/** The visitor asked for a person and an agent is online: the chat waits in the agents' queue. */
export async function queueForAgent(context: ChatContext, chat: ChatRow): Promise<boolean> {
  const seq = await write(
    context,
    chat,
    {
      author: 'notice',
      authorName: '',
      body: 'You asked for a person. An agent will join this chat in a moment; they see everything above.',
    },
    { from: ['assistant'], to: 'waiting' },
  );
  return seq !== undefined;
}

/** An agent takes a waiting chat; false when another agent took it first or it ended. */
export async function takeChat(
  context: ChatContext,
  chat: ChatRow,
  agent: ChatAgent,
): Promise<boolean> {
  const seq = await write(
    context,
    chat,
    {
      author: 'notice',
      authorName: agent.name,
      body: `${agent.name} from the support team joined the chat.`,
    },
    { from: ['waiting'], to: 'with-agent', agent },
  );
  return seq !== undefined;
}

/**
 * Ends a chat, by its visitor or by the agent holding it; the transcript is kept. With
 * `caseNumber`, it ended because it became that case.
 */
export async function endChat(
  context: ChatContext,
  chat: ChatRow,
  by: { agent: ChatAgent } | { visitor: true; caseNumber?: string },
): Promise<boolean> {
  const body =
    'agent' in by
      ? `${by.agent.name} ended the chat. Its transcript is kept.`
      : by.caseNumber !== undefined
        ? `No agent is online, so this chat became case ${by.caseNumber}. We answer it by e-mail and on the case page.`
        : 'You ended the chat. Its transcript is kept.';
  const change: ChatChange =
    'agent' in by
      ? { from: ['with-agent'], to: 'ended', heldBy: by.agent.id }
      : { from: ['assistant', 'waiting', 'with-agent'], to: 'ended' };
  return (
    (await write(context, chat, { author: 'notice', authorName: '', body }, change)) !== undefined
  );
}

export function chatLineOf(row: repository.ChatLineRow): ChatLine {
  return {
    seq: row.seq,
    author: row.author,
    authorName: row.author_name,
    body: row.body,
    citations: row.citations ? (JSON.parse(row.citations) as ChatLine['citations']) : [],
    status: row.status,
    createdAt: row.created_at,
  };
}

/** The lines after `after`, oldest first, at most `limit`. */
export async function chatLinesAfter(
  context: Pick<ChatContext, 'db'>,
  chatId: string,
  after: number,
  limit = 200,
): Promise<ChatLine[]> {
  return (await repository.linesAfter(context.db, chatId, after, limit)).map(chatLineOf);
}

/** Whether an agent is online now (switched on, panel seen within the freshness). */
export async function agentOnline(context: Pick<ChatContext, 'db' | 'now'>): Promise<boolean> {
  const since = new Date(context.now.getTime() - PRESENCE_FRESH_MS).toISOString();
  return (await repository.countOnline(context.db, since)) > 0;
}

export async function setAgentPresence(
  context: ChatContext,
  agent: ChatAgent,
  online: boolean,
): Promise<void> {
  await repository.setPresence(context.db, agent, online, context.now.toISOString());
  await context.news.announce('presence');
}

/** The agent's panel is open (its stream says so every PRESENCE_BEAT_MS). */
export async function agentStillThere(context: Pick<ChatContext, 'db' | 'now'>, agentId: string) {
  await repository.touchPresence(context.db, agentId, context.now.toISOString());
}

export async function agentPresence(context: Pick<ChatContext, 'db'>, agentId: string) {
  return (await repository.findPresence(context.db, agentId))?.online === 1;
}

export interface ChatSummary {
  id: string;
  region: string;
  status: ChatStatus;
  firstQuestion: string;
  since: string;
}

async function summaryOf(context: Pick<ChatContext, 'db'>, row: ChatRow): Promise<ChatSummary> {
  return {
    id: row.id,
    region: row.region,
    status: row.status,
    firstQuestion: (await repository.firstVisitorLine(context.db, row.id)) ?? '',
    since: row.updated_at,
  };
}

/**
 * The chats waiting for an agent, the longest waiting first, those this agent holds, and those
 * they held that ended without becoming a case (which they may still file as one).
 */
export async function agentChatLists(context: Pick<ChatContext, 'db'>, agentId: string) {
  const [waiting, held, ended] = await Promise.all([
    repository.chatsIn(context.db, 'waiting', 50),
    repository.chatsHeldBy(context.db, agentId),
    repository.endedWithoutCase(context.db, agentId, 20),
  ]);
  const summaries = (rows: ChatRow[]) => Promise.all(rows.map((row) => summaryOf(context, row)));
  return {
    waiting: await summaries(waiting),
    held: await summaries(held),
    ended: await summaries(ended),
  };
}

export async function firstQuestionOf(context: Pick<ChatContext, 'db'>, chatId: string) {
  return repository.firstVisitorLine(context.db, chatId);
}

export async function noteChatCase(
  context: Pick<ChatContext, 'db'>,
  chat: ChatRow,
  raised: { id: string; caseNumber: number },
): Promise<void> {
  await repository.setChatCase(context.db, chat.id, raised);
}
