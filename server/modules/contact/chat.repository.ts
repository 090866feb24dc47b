import type { Insertable, Selectable } from 'kysely';
import type { ChatStatus } from '~core/contact';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContactChatMessageTable, ContactChatTable } from './chat.tables.ts';
import type { ContactTables } from './contact.tables.ts';

type Db = ModuleDatabase<ContactTables>;

export type ChatRow = Selectable<ContactChatTable>;
export type ChatLineRow = Selectable<ContactChatMessageTable>;

export async function insertChat(db: Db, row: Insertable<ContactChatTable>): Promise<void> {
  await db.insertInto('contact_chat').values(row).execute();
}

export async function findChat(db: Db, id: string): Promise<ChatRow | undefined> {
  return db.selectFrom('contact_chat').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findChatBySecret(db: Db, secretHash: string): Promise<ChatRow | undefined> {
  return db
    .selectFrom('contact_chat')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
}

export interface ChatChange {
  /** The statuses the chat may be in for the line to be written; otherwise nothing is. */
  from: readonly ChatStatus[];
  to?: ChatStatus;
  agent?: { id: string; name: string };
  /** The agent the chat must be with (an agent's reply or ending). */
  heldBy?: string;
}

/**
 * Writes a line under the chat's next number, moving the chat to a new status when asked, if
 * the chat is in one of the statuses `from` (and with the agent `heldBy`). The number is taken
 * by updating the chat's row, which also serialises writers: a line's number is never seen
 * before the lines under lower numbers. Undefined when the chat was not in such a status.
 */
export async function appendLine(
  db: Db,
  chatId: string,
  line: Omit<Insertable<ContactChatMessageTable>, 'chat_id' | 'seq' | 'status'>,
  change: ChatChange,
): Promise<number | undefined> {
  let update = db
    .updateTable('contact_chat')
    .set((eb) => ({
      last_seq: eb('last_seq', '+', 1),
      updated_at: line.created_at,
      ...(change.to ? { status: change.to } : {}),
      ...(change.agent ? { agent_id: change.agent.id, agent_name: change.agent.name } : {}),
    }))
    .where('id', '=', chatId)
    .where('status', 'in', change.from);
  if (change.heldBy !== undefined) update = update.where('agent_id', '=', change.heldBy);
  const taken = await update.returning('last_seq').executeTakeFirst();
  if (!taken) return undefined;
  await db
    .insertInto('contact_chat_message')
    .values({ ...line, chat_id: chatId, seq: taken.last_seq, status: change.to ?? null })
    .execute();
  return taken.last_seq;
}

export async function linesAfter(
  db: Db,
  chatId: string,
  after: number,
  limit: number,
): Promise<ChatLineRow[]> {
  return db
    .selectFrom('contact_chat_message')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Chats in a status, the longest unchanged first (the queue's order). */
export async function chatsIn(db: Db, status: ChatStatus, limit: number): Promise<ChatRow[]> {
  return db
    .selectFrom('contact_chat')
    .selectAll()
    .where('status', '=', status)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export async function chatsHeldBy(db: Db, agentId: string): Promise<ChatRow[]> {
  return db
    .selectFrom('contact_chat')
    .selectAll()
    .where('status', '=', 'with-agent')
    .where('agent_id', '=', agentId)
    .orderBy('updated_at')
    .execute();
}

/** The chats this agent held that ended without becoming a case, the latest first. */
export async function endedWithoutCase(db: Db, agentId: string, limit: number): Promise<ChatRow[]> {
  return db
    .selectFrom('contact_chat')
    .selectAll()
    .where('status', '=', 'ended')
    .where('agent_id', '=', agentId)
    .where('case_id', 'is', null)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

export async function firstVisitorLine(db: Db, chatId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('contact_chat_message')
    .select('body')
    .where('chat_id', '=', chatId)
    .where('author', '=', 'visitor')
    .orderBy('seq')
    .executeTakeFirst();
  return row?.body;
}

/** Marks the chat as becoming case `caseId`; false when it became one already. */
export async function claimChatForCase(db: Db, chatId: string, caseId: string): Promise<boolean> {
  const result = await db
    .updateTable('contact_chat')
    .set({ case_id: caseId })
    .where('id', '=', chatId)
    .where('case_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setChatCase(
  db: Db,
  chatId: string,
  raised: { id: string; caseNumber: number },
): Promise<void> {
  await db
    .updateTable('contact_chat')
    .set({ case_id: raised.id, case_number: raised.caseNumber })
    .where('id', '=', chatId)
    .execute();
}

export async function setPresence(
  db: Db,
  agent: { id: string; name: string },
  online: boolean,
  at: string,
): Promise<void> {
  await db
    .insertInto('contact_chat_agent')
    .values({ agent_id: agent.id, name: agent.name, online: online ? 1 : 0, seen_at: at })
    .onConflict((conflict) =>
      conflict
        .column('agent_id')
        .doUpdateSet({ name: agent.name, online: online ? 1 : 0, seen_at: at }),
    )
    .execute();
}

/** The agent's panel is open: they stay counted as online while they are switched on. */
export async function touchPresence(db: Db, agentId: string, at: string): Promise<void> {
  await db
    .updateTable('contact_chat_agent')
    .set({ seen_at: at })
    .where('agent_id', '=', agentId)
    .execute();
}

export async function findPresence(db: Db, agentId: string) {
  return db
    .selectFrom('contact_chat_agent')
    .selectAll()
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
}

/** Agents switched online whose panel was seen since `since`. */
export async function countOnline(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('contact_chat_agent')
    .select((eb) => eb.fn.countAll<number | string>().as('online'))
    .where('online', '=', 1)
    .where('seen_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.online ?? 0);
}
