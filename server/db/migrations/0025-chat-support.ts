import type { Kysely, Migration } from 'kysely';

/*
 * Chat support (docs/contact-support.md, "Chat"; decision 027): the chats, their transcripts
 * line by line with the number each line is streamed under, and the agents' presence.
 */

export const chatSupport: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contact_chat')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('secret_hash', 'text', (column) => column.notNull().unique())
      .addColumn('user_id', 'text')
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('agent_id', 'text')
      .addColumn('agent_name', 'text')
      .addColumn('deflection_id', 'text', (column) => column.notNull())
      .addColumn('case_id', 'text')
      .addColumn('case_number', 'integer')
      .addColumn('last_seq', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('contact_chat_by_status')
      .on('contact_chat')
      .columns(['status', 'updated_at'])
      .execute();

    await db.schema
      .createTable('contact_chat_message')
      .addColumn('chat_id', 'text', (column) => column.notNull())
      .addColumn('seq', 'integer', (column) => column.notNull())
      .addColumn('author', 'text', (column) => column.notNull())
      .addColumn('author_name', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('citations', 'text')
      .addColumn('status', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('contact_chat_message_pk', ['chat_id', 'seq'])
      .execute();

    await db.schema
      .createTable('contact_chat_agent')
      .addColumn('agent_id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('online', 'integer', (column) => column.notNull())
      .addColumn('seen_at', 'text', (column) => column.notNull())
      .execute();
  },
};
