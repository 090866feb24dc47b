import type { Kysely } from 'kysely';

/*
 * Insight for the people who run the portal (docs/insight.md, decision 030): the daily
 * aggregates the dashboards read, the days already rolled up, the content gaps' actions, the
 * admins' weekly digest, synonyms staff add from the gap list, and the consent an answer event
 * was recorded under. The time indexes let the rollup read one day of each event table.
 */
const TIME_INDEXES: readonly [string, string][] = [
  ['search_query_log', 'searched_at'],
  ['search_click', 'clicked_at'],
  ['answer_event', 'created_at'],
  ['contact_deflection', 'created_at'],
  ['support_case', 'created_at'],
  ['support_case', 'solved_at'],
];

export const insight = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('insight_daily')
      .addColumn('figure', 'text', (column) => column.notNull())
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('product', 'text', (column) => column.notNull())
      .addColumn('hub', 'text', (column) => column.notNull())
      .addColumn('item', 'text', (column) => column.notNull())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addColumn('amount', 'double precision', (column) => column.notNull())
      .addPrimaryKeyConstraint('insight_daily_pk', [
        'figure',
        'day',
        'region',
        'product',
        'hub',
        'item',
      ])
      .execute();
    await db.schema
      .createTable('insight_rollup')
      .addColumn('day', 'text', (column) => column.primaryKey())
      .addColumn('rolled_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('insight_gap')
      .addColumn('gap_key', 'text', (column) => column.primaryKey())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('assignee_id', 'text')
      .addColumn('synonym', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('updated_by', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('insight_digest_subscriber')
      .addColumn('user_id', 'text', (column) => column.primaryKey())
      .addColumn('subscribed_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('search_synonym')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('terms', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .execute();
    // Events recorded before this migration have no known consent and are not counted.
    await db.schema.alterTable('answer_event').addColumn('statistics', 'integer').execute();
    for (const [table, column] of TIME_INDEXES) {
      await db.schema
        .createIndex(`${table}_${column}`)
        .ifNotExists()
        .on(table)
        .column(column)
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [table, column] of TIME_INDEXES) {
      await db.schema.dropIndex(`${table}_${column}`).ifExists().execute();
    }
    for (const table of [
      'insight_daily',
      'insight_rollup',
      'insight_gap',
      'insight_digest_subscriber',
      'search_synonym',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('answer_event').dropColumn('statistics').execute();
  },
};
