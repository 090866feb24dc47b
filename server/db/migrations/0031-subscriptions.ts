import { sql, type Kysely, type Migration } from 'kysely';

/*
 * Client subscriptions (docs/practices-and-subscriptions.md): the plans and prices sold in each
 * market, the partner discount by tier, subscriptions with their owner and who pays, practices'
 * wholesale orders and their lines, transfers of billing between a practice and its client, the
 * history of changes and the audit trail written with every change.
 */

export const subscriptions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('subscription_plan')
      .addColumn('market', 'text', (column) => column.notNull())
      .addColumn('code', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('monthly_price_minor', 'integer', (column) => column.notNull())
      // Orders plans from the smallest: a move up the ranks is an upgrade.
      .addColumn('rank', 'integer', (column) => column.notNull())
      .addColumn('active', 'integer', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('subscription_plan_pk', ['market', 'code'])
      .execute();

    await db.schema
      .createTable('subscription_tier_discount')
      .addColumn('tier', 'text', (column) => column.primaryKey())
      .addColumn('basis_points', 'integer', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('subscription_order')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('number', 'text', (column) => column.notNull().unique())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('placed_by', 'text', (column) => column.notNull())
      // The cart form's one-time key: submitted twice, billed once.
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('market', 'text', (column) => column.notNull())
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('subtotal_minor', 'integer', (column) => column.notNull())
      .addColumn('discount_minor', 'integer', (column) => column.notNull())
      .addColumn('discount_basis_points', 'integer', (column) => column.notNull())
      .addColumn('tax_minor', 'integer', (column) => column.notNull())
      .addColumn('tax_label', 'text', (column) => column.notNull())
      .addColumn('total_minor', 'integer', (column) => column.notNull())
      .addColumn('placed_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('subscription_order_practice')
      .on('subscription_order')
      .columns(['practice_id', 'placed_at'])
      .execute();

    await db.schema
      .createTable('subscription')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('market', 'text', (column) => column.notNull())
      .addColumn('plan_code', 'text', (column) => column.notNull())
      .addColumn('business_name', 'text', (column) => column.notNull())
      .addColumn('contact_email', 'text', (column) => column.notNull())
      // The client's account once they activate; until then only the invitation reaches them.
      .addColumn('owner_user_id', 'text')
      // The practice that looks after the client, whoever pays.
      .addColumn('practice_id', 'text')
      // 'practice' (wholesale billing) or 'client'.
      .addColumn('billed_to', 'text', (column) => column.notNull())
      // 'invited', 'active' or 'cancelled'.
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('start_date', 'text', (column) => column.notNull())
      .addColumn('ends_on', 'text')
      .addColumn('order_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('subscription_practice')
      .on('subscription')
      .column('practice_id')
      .execute();
    await db.schema
      .createIndex('subscription_owner')
      .on('subscription')
      .column('owner_user_id')
      .execute();

    await db.schema
      .createTable('subscription_order_line')
      .addColumn('order_id', 'text', (column) => column.notNull())
      .addColumn('line', 'integer', (column) => column.notNull())
      .addColumn('subscription_id', 'text', (column) => column.notNull())
      .addColumn('business_name', 'text', (column) => column.notNull())
      .addColumn('contact_email', 'text', (column) => column.notNull())
      .addColumn('plan_code', 'text', (column) => column.notNull())
      .addColumn('start_date', 'text', (column) => column.notNull())
      .addColumn('unit_price_minor', 'integer', (column) => column.notNull())
      .addColumn('discount_minor', 'integer', (column) => column.notNull())
      .addColumn('net_minor', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('subscription_order_line_pk', ['order_id', 'line'])
      .execute();

    await db.schema
      .createTable('subscription_transfer')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('subscription_id', 'text', (column) => column.notNull())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('requested_by', 'text', (column) => column.notNull())
      // 'to-practice' or 'to-client': who pays from the effective date.
      .addColumn('direction', 'text', (column) => column.notNull())
      .addColumn('effective_date', 'text', (column) => column.notNull())
      .addColumn('prorated_minor', 'integer', (column) => column.notNull())
      // 'awaiting-client', 'approved', 'declined' or 'withdrawn'.
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('requested_at', 'text', (column) => column.notNull())
      .addColumn('decided_at', 'text')
      .execute();
    // One open transfer per subscription, held by the database: of two at the same moment, one
    // insert wins and the other finds the row.
    await db.schema
      .createIndex('subscription_transfer_one_open')
      .on('subscription_transfer')
      .column('subscription_id')
      .unique()
      .where(sql.ref('status'), '=', 'awaiting-client')
      .execute();
    await db.schema
      .createIndex('subscription_transfer_practice')
      .on('subscription_transfer')
      .columns(['practice_id', 'requested_at'])
      .execute();

    await db.schema
      .createTable('subscription_change')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('subscription_id', 'text', (column) => column.notNull())
      // The practice looking after the client when the change happened (its history shows it).
      .addColumn('practice_id', 'text')
      // 'new', 'upgraded', 'downgraded', 'transferred' or 'cancelled'.
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('business_name', 'text', (column) => column.notNull())
      .addColumn('from_plan', 'text')
      .addColumn('to_plan', 'text')
      .addColumn('detail', 'text', (column) => column.notNull())
      .addColumn('effective_date', 'text', (column) => column.notNull())
      .addColumn('amount_minor', 'integer', (column) => column.notNull())
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('subscription_change_practice')
      .on('subscription_change')
      .columns(['practice_id', 'occurred_at'])
      .execute();
    await db.schema
      .createIndex('subscription_change_subscription')
      .on('subscription_change')
      .columns(['subscription_id', 'occurred_at'])
      .execute();

    await db.schema
      .createTable('subscription_audit_entry')
      .addColumn('id', 'text', (column) => column.primaryKey())
      // 'subscription', 'order', 'transfer', 'plan' or 'discount'.
      .addColumn('subject_kind', 'text', (column) => column.notNull())
      .addColumn('subject_id', 'text', (column) => column.notNull())
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('actor', 'text', (column) => column.notNull())
      .addColumn('detail', 'text', (column) => column.notNull())
      .addColumn('at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('subscription_audit_subject')
      .on('subscription_audit_entry')
      .columns(['subject_kind', 'subject_id', 'at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'subscription_audit_entry',
      'subscription_change',
      'subscription_transfer',
      'subscription_order_line',
      'subscription',
      'subscription_order',
      'subscription_tier_discount',
      'subscription_plan',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
