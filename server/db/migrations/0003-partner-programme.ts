import { sql, type Kysely, type Migration } from 'kysely';

/*
 * Points at which each tier starts. They are data rather than code so a programme can move
 * them without a release; 'none' and 'starter' start at nothing.
 */
const TIER_LEVELS: ReadonlyArray<readonly [string, number]> = [
  ['none', 0],
  ['starter', 0],
  ['bronze', 500],
  ['silver', 1000],
  ['gold', 2000],
  ['platinum', 5000],
];

// Partner rows are keyed by the identity module's user id without a foreign key: modules
// share no tables, so the partner programme can be migrated and tested on its own.
export const partnerProgramme: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partner_tier_level')
      .addColumn('tier', 'text', (column) => column.primaryKey())
      .addColumn('points_threshold', 'integer', (column) => column.notNull())
      .execute();
    for (const [tier, threshold] of TIER_LEVELS) {
      await sql`insert into partner_tier_level (tier, points_threshold) values (${tier}, ${threshold})`.execute(
        db,
      );
    }

    await db.schema
      .createTable('partner_member')
      .addColumn('user_id', 'text', (column) => column.primaryKey())
      .addColumn('tier', 'text', (column) => column.notNull())
      .addColumn('tier_acknowledged', 'integer', (column) => column.notNull())
      .addColumn('points_balance', 'integer', (column) => column.notNull())
      .addColumn('update_account_flow_screen', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('partner_onboarding')
      .addColumn('user_id', 'text', (column) => column.primaryKey())
      .addColumn('show_cta', 'integer', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('link', 'text', (column) => column.notNull())
      .addColumn('current_step', 'integer', (column) => column.notNull())
      .addColumn('total_steps', 'integer', (column) => column.notNull())
      .addColumn('current_step_name', 'text', (column) => column.notNull())
      .addColumn('image_name', 'text', (column) => column.notNull())
      .addColumn('contact_name', 'text')
      .addColumn('contact_title', 'text')
      .addColumn('contact_avatar_url', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('partner_suggested_step')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('strategy_name', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text')
      .addColumn('mandatory', 'integer', (column) => column.notNull())
      .addColumn('complete', 'integer', (column) => column.notNull())
      .addColumn('due_date', 'text')
      .addColumn('redirect_url', 'text')
      .addColumn('points', 'integer')
      .addColumn('sort_order', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('partner_suggested_step_title', ['user_id', 'strategy_name', 'name'])
      .execute();

    await db.schema
      .createTable('partner_step_reaction')
      .addColumn('step_id', 'text', (column) =>
        column.primaryKey().references('partner_suggested_step.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('reaction', 'text', (column) =>
        column.notNull().check(sql`reaction in ('accept', 'reject')`),
      )
      .addColumn('reacted_at', 'text', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_step_reaction').execute();
    await db.schema.dropTable('partner_suggested_step').execute();
    await db.schema.dropTable('partner_onboarding').execute();
    await db.schema.dropTable('partner_member').execute();
    await db.schema.dropTable('partner_tier_level').execute();
  },
};
