import type { Kysely, Migration } from 'kysely';

/*
 * Contact support (docs/contact-support.md): the call calendar's taken places and the bookings,
 * the callbacks agents owe, the deflection of the contact flows, and attachments on outgoing mail (a booking's .ics).
 */

export const contactSupport: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();

    await db.schema
      .createTable('contact_call_slot')
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('starts_at', 'text', (column) => column.notNull())
      .addColumn('capacity', 'integer', (column) => column.notNull())
      .addColumn('booked', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('contact_call_slot_pk', ['region', 'starts_at'])
      .execute();

    await db.schema
      .createTable('contact_call_booking')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('topic', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('time_zone', 'text', (column) => column.notNull())
      .addColumn('starts_at', 'text', (column) => column.notNull())
      .addColumn('ends_at', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('manage_token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('reminded_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('contact_call_booking_due')
      .on('contact_call_booking')
      .columns(['status', 'starts_at'])
      .execute();

    await db.schema
      .createTable('contact_callback')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('topic', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      // 'asap', or a window on one day in the visitor's zone.
      .addColumn('when_kind', 'text', (column) => column.notNull())
      .addColumn('window_date', 'text')
      .addColumn('window_from', 'text')
      .addColumn('window_to', 'text')
      .addColumn('time_zone', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('called_at', 'text')
      .addColumn('called_by', 'text')
      .execute();
    await db.schema
      .createIndex('contact_callback_waiting')
      .on('contact_callback')
      .columns(['status', 'created_at'])
      .execute();

    await db.schema
      .createTable('contact_deflection')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('flow', 'text', (column) => column.notNull())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('topic', 'text', (column) => column.notNull())
      .addColumn('saw_answer', 'integer', (column) => column.notNull())
      .addColumn('articles_shown', 'integer', (column) => column.notNull())
      .addColumn('reached_person', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
  },
};
