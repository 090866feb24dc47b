import type { ChatAuthor, ChatStatus } from '~core/contact';

/* Chat support's tables (migration 0025-chat-support, decision 027). */

export interface ContactChatTable {
  id: string;
  /** SHA-256 of the visitor's secret (in their chat cookie); the secret itself is not kept. */
  secret_hash: string;
  /** The signed-in visitor; null for a guest. */
  user_id: string | null;
  region: string;
  status: ChatStatus;
  agent_id: string | null;
  agent_name: string | null;
  /** The deflection record of this chat: what the assistant showed, whether a person came. */
  deflection_id: string;
  case_id: string | null;
  case_number: number | null;
  /** The last line's number: a new line takes the next by a conditional update, in order. */
  last_seq: number;
  created_at: string;
  updated_at: string;
}

/** One line of a transcript; its number is the stream's event id. */
export interface ContactChatMessageTable {
  chat_id: string;
  seq: number;
  author: ChatAuthor;
  author_name: string;
  body: string;
  /** The assistant's citations (JSON), as the answer stream gave them. */
  citations: string | null;
  /** The status the chat moved to with this line ('notice' lines), else null. */
  status: ChatStatus | null;
  created_at: string;
}

/** An agent's switch: online or not, and when their chat panel last said it was open. */
export interface ContactChatAgentTable {
  agent_id: string;
  name: string;
  online: number;
  seen_at: string;
}

export interface ChatTables {
  contact_chat: ContactChatTable;
  contact_chat_message: ContactChatMessageTable;
  contact_chat_agent: ContactChatAgentTable;
}
