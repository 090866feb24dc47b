import type { Kysely, Migration } from 'kysely';

/*
 * Support cases (docs/cases.md): the cases with their conversation, the people on them, the
 * invitations that add people, the deflections of the raise flow, and the sequence case numbers
 * are drawn from. Users gain the agent role and the customer organisation whose cases its
 * primary and principal contacts see.
 */

const userReference = 'portal_user.id';

export const supportCases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('portal_user')
      .addColumn('is_agent', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('portal_user').addColumn('organisation_id', 'text').execute();

    await db.schema
      .createTable('support_case')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('case_number', 'integer', (column) => column.notNull().unique())
      // 'customer' or 'partner': the queue the case waits in.
      .addColumn('queue', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('product', 'text')
      // The category and topic as they were named when the case was raised.
      .addColumn('category_id', 'text', (column) => column.notNull())
      .addColumn('category_name', 'text', (column) => column.notNull())
      .addColumn('topic_id', 'text')
      .addColumn('topic_name', 'text')
      .addColumn('impact', 'text', (column) => column.notNull())
      .addColumn('contact_method', 'text', (column) => column.notNull())
      .addColumn('contact_email', 'text')
      .addColumn('contact_phone', 'text')
      .addColumn('callback_from', 'text')
      .addColumn('callback_to', 'text')
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('owner_id', 'text', (column) =>
        column.notNull().references(userReference).onDelete('cascade'),
      )
      .addColumn('organisation_id', 'text')
      .addColumn('follow_up_of', 'text', (column) =>
        column.references('support_case.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('solved_at', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('rating', 'integer')
      .addColumn('rating_comment', 'text')
      .addColumn('rated_at', 'text')
      .execute();
    await db.schema
      .createIndex('support_case_owner')
      .on('support_case')
      .columns(['owner_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('support_case_organisation')
      .on('support_case')
      .columns(['organisation_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('support_case_status')
      .on('support_case')
      .columns(['status', 'solved_at'])
      .execute();

    await db.schema
      .createTable('support_case_message')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('case_id', 'text', (column) =>
        column.notNull().references('support_case.id').onDelete('cascade'),
      )
      .addColumn('author_id', 'text', (column) =>
        column.notNull().references(userReference).onDelete('cascade'),
      )
      // 'customer', 'colleague' or 'agent', as they stood to the case when they wrote.
      .addColumn('author_role', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('support_case_message_case')
      .on('support_case_message')
      .columns(['case_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('support_case_person')
      .addColumn('case_id', 'text', (column) =>
        column.notNull().references('support_case.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references(userReference).onDelete('cascade'),
      )
      .addColumn('added_by', 'text', (column) => column.notNull())
      .addColumn('added_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('support_case_person_pk', ['case_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('support_case_person_user')
      .on('support_case_person')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('support_case_invitation')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('case_id', 'text', (column) =>
        column.notNull().references('support_case.id').onDelete('cascade'),
      )
      // SHA-256 of the link's secret: a leaked table hands out no invitations.
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('invited_by', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .addColumn('used_by', 'text')
      .execute();

    await db.schema
      .createTable('support_case_idempotency_key')
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('result_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('support_case_idempotency_key_pk', ['user_id', 'key'])
      .execute();

    await db.schema
      .createTable('support_case_deflection')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references(userReference).onDelete('cascade'),
      )
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('category_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();

    // One row: the last case number given. Taken with an update in the case's transaction.
    await db.schema
      .createTable('support_case_sequence')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('value', 'integer', (column) => column.notNull())
      .execute();
    await (db as Kysely<{ support_case_sequence: { name: string; value: number } }>)
      .insertInto('support_case_sequence')
      .values({ name: 'case', value: 1000 })
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'support_case_sequence',
      'support_case_deflection',
      'support_case_idempotency_key',
      'support_case_invitation',
      'support_case_person',
      'support_case_message',
      'support_case',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('portal_user').dropColumn('organisation_id').execute();
    await db.schema.alterTable('portal_user').dropColumn('is_agent').execute();
  },
};
