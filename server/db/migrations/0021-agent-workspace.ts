import { sql, type Kysely, type Migration } from 'kysely';

/*
 * The agents' workspace and replies by e-mail (docs/cases.md, decision 024): who works on a
 * case, since when the customer has been waiting, which case a duplicate was merged into,
 * internal notes beside public messages, and the Message-ID of a reply that came by e-mail, so
 * the same e-mail delivered twice is stored once. And the case classifier's trained models.
 */

export const agentWorkspace: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('support_case')
      .addColumn('assignee_id', 'text', (column) =>
        column.references('portal_user.id').onDelete('set null'),
      )
      .execute();
    // The customer's last message while it waits for the team: the queues' waiting time.
    await db.schema.alterTable('support_case').addColumn('customer_wrote_at', 'text').execute();
    await db.schema.alterTable('support_case').addColumn('merged_into', 'text').execute();
    await sql`
      update support_case set customer_wrote_at = coalesce(
        (select max(m.created_at) from support_case_message m
          where m.case_id = support_case.id and m.author_role <> 'agent'),
        created_at)
    `.execute(db);
    await db.schema
      .createIndex('support_case_assignee')
      .on('support_case')
      .columns(['assignee_id', 'status', 'customer_wrote_at'])
      .execute();
    await db.schema
      .createIndex('support_case_waiting')
      .on('support_case')
      .columns(['status', 'customer_wrote_at'])
      .execute();

    // 'public' or 'internal': internal notes are for the support team only.
    await db.schema
      .alterTable('support_case_message')
      .addColumn('visibility', 'text', (column) => column.notNull().defaultTo('public'))
      .execute();
    await db.schema
      .alterTable('support_case_message')
      .addColumn('mail_message_id', 'text')
      .execute();
    await db.schema
      .createIndex('support_case_message_mail_id')
      .unique()
      .on('support_case_message')
      .column('mail_message_id')
      .execute();

    // One row per model (customer categories, partner categories, impact), replaced on retraining.
    await db.schema
      .createTable('support_case_classifier')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('model', 'text', (column) => column.notNull())
      .addColumn('examples', 'integer', (column) => column.notNull())
      .addColumn('trained_at', 'text', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('support_case_classifier').execute();
    await db.schema.dropIndex('support_case_message_mail_id').execute();
    await db.schema.alterTable('support_case_message').dropColumn('mail_message_id').execute();
    await db.schema.alterTable('support_case_message').dropColumn('visibility').execute();
    await db.schema.dropIndex('support_case_waiting').execute();
    await db.schema.dropIndex('support_case_assignee').execute();
    for (const column of ['merged_into', 'customer_wrote_at', 'assignee_id']) {
      await db.schema.alterTable('support_case').dropColumn(column).execute();
    }
  },
};
