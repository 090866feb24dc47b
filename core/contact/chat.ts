import { withoutInvisibleCharacters } from '../validation/index.ts';

/*
 * Chat support's rules (docs/contact-support.md, "Chat"): who may write when, where a visitor
 * asking for a person goes, when an agent counts as online, and the stream's event ids.
 */

/** The chat API's addresses: the visitor's (their chat cookie is scoped to it) and agents'. */
export const CHAT_API = '/api/chat';
export const AGENT_CHAT_API = '/api/agent-chat';

/** The longest message a visitor or an agent sends at once, in characters. */
export const CHAT_MESSAGE_MAX = 2_000;

/**
 * 'assistant': the visitor talks to the grounded assistant; 'waiting': they asked for a person
 * and an online agent may take the chat; 'with-agent': an agent took it; 'ended': closed, the
 * transcript kept.
 */
export const CHAT_STATUSES = ['assistant', 'waiting', 'with-agent', 'ended'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** Who wrote a line of the transcript; 'notice' lines tell a change of the chat's status. */
export type ChatAuthor = 'visitor' | 'assistant' | 'agent' | 'notice';

export type ChatText = { ok: true; text: string } | { ok: false; message: string };

/** A message as it is kept: line ends made plain, invisible characters out, within the limit. */
export function chatMessageText(input: unknown): ChatText {
  if (typeof input !== 'string') return { ok: false, message: 'Write a message first.' };
  const text = withoutInvisibleCharacters(input.replace(/\r\n?/g, '\n')).trim();
  if (text === '') return { ok: false, message: 'Write a message first.' };
  if (text.length > CHAT_MESSAGE_MAX)
    return {
      ok: false,
      message: `A message can be at most ${CHAT_MESSAGE_MAX.toLocaleString('en')} characters; yours has ${text.length.toLocaleString('en')}.`,
    };
  return { ok: true, text };
}

/**
 * A visitor writes to the assistant, to the queue while waiting and to their agent; an agent
 * writes only to a chat they hold. Nobody writes to an ended chat.
 */
export function mayWrite(status: ChatStatus, writer: 'visitor' | 'agent'): boolean {
  if (status === 'ended') return false;
  return writer === 'visitor' || status === 'with-agent';
}

/** Where a visitor asking for a person goes: live to an agent, or into a case. */
export type PersonRoute = 'hand-over' | 'case' | 'verify-email';

/**
 * An online agent takes the chat live; with none online the transcript becomes a case: the
 * signed-in visitor's, or, for a guest, the case of an address they first prove by a code.
 */
export function routeToPerson(agentOnline: boolean, signedIn: boolean): PersonRoute {
  if (agentOnline) return 'hand-over';
  return signedIn ? 'case' : 'verify-email';
}

/**
 * How long an agent who switched themselves online counts as online without their chat panel
 * open: the panel's stream says it is there every PRESENCE_BEAT_MS, so a closed browser drops
 * them from the count within a minute instead of leaving visitors waiting for nobody.
 */
export const PRESENCE_FRESH_MS = 60_000;
export const PRESENCE_BEAT_MS = 20_000;

export function isAgentOnline(presence: { online: boolean; seenAt: string }, now: Date): boolean {
  return presence.online && now.getTime() - Date.parse(presence.seenAt) < PRESENCE_FRESH_MS;
}

/**
 * The event id a reconnecting stream resumes after (SSE `Last-Event-ID`): the sequence number
 * of the last message it had, 0 for a new stream or an id that is not one.
 */
export function resumeAfter(lastEventId: string | undefined): number {
  if (lastEventId === undefined || !/^\d{1,9}$/.test(lastEventId.trim())) return 0;
  return Number(lastEventId.trim());
}

/** One server-sent event with its id, so a dropped stream can say where it stopped. */
export function chatEvent(id: number | undefined, event: string, data: unknown): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface TranscriptLine {
  author: ChatAuthor;
  authorName: string;
  body: string;
  createdAt: string;
}

const AUTHOR_LABELS: Readonly<Record<ChatAuthor, string>> = {
  visitor: 'You',
  assistant: 'Assistant',
  agent: 'Agent',
  notice: 'Note',
};

/** How the transcript names a line's author: the agent by name, others by role. */
export function authorLabel(line: Pick<TranscriptLine, 'author' | 'authorName'>): string {
  return line.author === 'agent' && line.authorName !== ''
    ? line.authorName
    : AUTHOR_LABELS[line.author];
}

/**
 * The transcript as a case's description: one paragraph per line with its author and time,
 * the oldest first, cut at the front (with a note) when it is longer than a description takes.
 */
export function transcriptText(lines: readonly TranscriptLine[], maxLength: number): string {
  const heading = 'Transcript of the chat with support:';
  const paragraphs = lines.map(
    (line) =>
      `${authorLabel(line)} (${line.createdAt.slice(0, 16).replace('T', ' ')} UTC): ${line.body}`,
  );
  let text = [heading, ...paragraphs].join('\n\n');
  const cutNote = '(Earlier lines are left out here; the chat keeps its whole transcript.)';
  while (text.length > maxLength && paragraphs.length > 1) {
    paragraphs.shift();
    text = [heading, cutNote, ...paragraphs].join('\n\n');
  }
  return text.length > maxLength ? text.slice(0, maxLength) : text;
}

/** A case's subject from the visitor's first question, within the subject's limits. */
export function caseSubjectFrom(firstQuestion: string | undefined, maxLength: number): string {
  const question = (firstQuestion ?? '').replace(/\s+/g, ' ').trim();
  if (question.length < 5) return 'Chat with support';
  const subject = `Chat: ${question}`;
  return subject.length <= maxLength ? subject : `${subject.slice(0, maxLength - 1)}…`;
}
