import { sql, type Kysely, type Migration } from 'kysely';
import { newRecordId } from '~server/db/ids.ts';

/*
 * The partner programme becomes an engine (docs/partner-programme.md, decision 022): an
 * append-only points ledger fed by programme events, earning rules, onboarding steps and
 * suggested-step rules as configuration, challenges, and a rewards catalogue. The stored
 * onboarding card gives way to steps completed by events; only its contact person stays.
 */

const EARNING_RULES: ReadonlyArray<readonly [string, number, number | null]> = [
  ['client-subscription-added', 100, 365],
  ['certification-passed', 250, 365],
  ['update-account-finished', 100, 365],
  ['personalise-finished', 50, 365],
  ['service-job-completed', 200, 365],
];

const ONBOARDING_STEPS: ReadonlyArray<readonly [string, string, string]> = [
  ['Welcome to the partner programme', 'programme-joined', 'person-plugging-in-robot'],
  ['Set up your practice profile', 'personalise-finished', 'user_avatar'],
  ['Get partner certified', 'certification-passed', 'robot-and-person-looking-in-a-box'],
  ['Update your practice account', 'update-account-finished', 'user_avatar'],
  ['Add your first client', 'client-subscription-added', 'person-plugging-in-robot'],
];

const STEP_RULES: ReadonlyArray<{
  name: string;
  description: string;
  mandatory: boolean;
  dueDays: number | null;
  url: string;
  points: number;
  completedBy: string;
  fromTier: string | null;
}> = [
  {
    name: 'Complete your partner profile',
    description: 'Review your profile',
    mandatory: true,
    dueDays: 14,
    url: '/0/partners/personalise',
    points: 100,
    completedBy: 'personalise-finished',
    fromTier: null,
  },
  {
    name: 'Add your first client',
    description: 'Add a client',
    mandatory: true,
    dueDays: 30,
    url: '/0/partners/account#clients',
    points: 200,
    completedBy: 'client-subscription-added',
    fromTier: null,
  },
  {
    name: 'Get partner certified',
    description: 'Start the certification course',
    mandatory: true,
    dueDays: 45,
    url: '/0/learning/certifications',
    points: 150,
    completedBy: 'certification-passed',
    fromTier: null,
  },
  {
    name: 'Explore partner resources',
    description: 'Browse resources',
    mandatory: true,
    dueDays: null,
    url: '/0/partners/resources',
    points: 25,
    completedBy: 'resource-downloaded',
    fromTier: null,
  },
  {
    name: 'Update your practice account',
    description: 'Finish updating your account',
    mandatory: false,
    dueDays: 21,
    url: '/0/partners/update-account',
    points: 50,
    completedBy: 'update-account-finished',
    fromTier: null,
  },
  {
    name: 'Take on a challenge',
    description: 'See this month’s challenges',
    mandatory: false,
    dueDays: null,
    url: '/0/partners/challenges',
    points: 20,
    completedBy: 'challenge-completed',
    fromTier: 'starter',
  },
  {
    name: 'Complete a managed-service job',
    description: 'See the jobs on offer',
    mandatory: false,
    dueDays: 120,
    url: '/0/partners/challenges-and-rewards',
    points: 75,
    completedBy: 'service-job-completed',
    fromTier: 'silver',
  },
];

const STRATEGY = 'Partner_Suggested_Steps';

export const partnerLedger: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('partner_member')
      .addColumn('tier_points', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('partner_member').addColumn('joined_at', 'text').execute();

    await db.schema
      .createTable('partner_event')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      // What happened, named by whoever reported it: the same event reported twice is one.
      .addColumn('source_event', 'text', (column) => column.notNull().unique())
      .addColumn('subject', 'text')
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('partner_event_member')
      .on('partner_event')
      .columns(['user_id', 'kind', 'occurred_at'])
      .execute();

    await db.schema
      .createTable('partner_points_entry')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) =>
        column.notNull().check(sql`kind in ('earned', 'redeemed', 'expired', 'adjusted')`),
      )
      .addColumn('points', 'integer', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('source_event', 'text', (column) => column.notNull().unique())
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('recorded_by', 'text')
      .execute();
    await db.schema
      .createIndex('partner_points_entry_member')
      .on('partner_points_entry')
      .columns(['user_id', 'occurred_at'])
      .execute();

    await db.schema
      .createTable('partner_earning_rule')
      .addColumn('event_kind', 'text', (column) => column.primaryKey())
      .addColumn('points', 'integer', (column) => column.notNull())
      .addColumn('valid_days', 'integer')
      .execute();
    for (const [kind, points, validDays] of EARNING_RULES) {
      await sql`insert into partner_earning_rule (event_kind, points, valid_days) values (${kind}, ${points}, ${validDays})`.execute(
        db,
      );
    }

    await db.schema
      .createTable('partner_onboarding_step')
      .addColumn('position', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('completed_by', 'text', (column) => column.notNull())
      .addColumn('image_name', 'text', (column) => column.notNull())
      .execute();
    for (const [index, [name, completedBy, image]] of ONBOARDING_STEPS.entries()) {
      await sql`insert into partner_onboarding_step (position, name, completed_by, image_name) values (${index + 1}, ${name}, ${completedBy}, ${image})`.execute(
        db,
      );
    }

    await db.schema
      .createTable('partner_step_rule')
      .addColumn('strategy_name', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('mandatory', 'integer', (column) => column.notNull())
      .addColumn('due_days', 'integer')
      .addColumn('redirect_url', 'text', (column) => column.notNull())
      .addColumn('points', 'integer', (column) => column.notNull())
      .addColumn('completed_by', 'text', (column) => column.notNull())
      .addColumn('from_tier', 'text')
      .addPrimaryKeyConstraint('partner_step_rule_pk', ['strategy_name', 'name'])
      .execute();
    for (const [index, rule] of STEP_RULES.entries()) {
      await sql`insert into partner_step_rule (strategy_name, name, position, description, mandatory, due_days, redirect_url, points, completed_by, from_tier)
        values (${STRATEGY}, ${rule.name}, ${index + 1}, ${rule.description}, ${rule.mandatory ? 1 : 0}, ${rule.dueDays}, ${rule.url}, ${rule.points}, ${rule.completedBy}, ${rule.fromTier})`.execute(
        db,
      );
    }

    // The contact person is all that stays of the stored onboarding card.
    await db.schema
      .createTable('partner_contact')
      .addColumn('user_id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('avatar_url', 'text')
      .execute();
    await sql`insert into partner_contact (user_id, name, title, avatar_url)
      select user_id, contact_name, coalesce(contact_title, ''), contact_avatar_url
      from partner_onboarding where contact_name is not null`.execute(db);
    await db.schema.dropTable('partner_onboarding').execute();

    await db.schema
      .createTable('partner_challenge')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('goal_kind', 'text', (column) => column.notNull())
      .addColumn('goal_count', 'integer', (column) => column.notNull())
      .addColumn('points', 'integer', (column) => column.notNull())
      .addColumn('starts_on', 'text', (column) => column.notNull())
      .addColumn('ends_on', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('partner_challenge_entry')
      .addColumn('challenge_id', 'text', (column) =>
        column.notNull().references('partner_challenge.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('joined_at', 'text', (column) => column.notNull())
      .addColumn('on_leaderboard', 'integer', (column) => column.notNull())
      .addColumn('completed_at', 'text')
      .addPrimaryKeyConstraint('partner_challenge_entry_pk', ['challenge_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('partner_reward')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('points_cost', 'integer', (column) => column.notNull().check(sql`points_cost > 0`))
      // Null for a reward without a limit; never below nothing.
      .addColumn('stock', 'integer', (column) => column.check(sql`stock >= 0`))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('partner_redemption')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('reward_id', 'text', (column) =>
        column.notNull().references('partner_reward.id').onDelete('cascade'),
      )
      .addColumn('points', 'integer', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('requested', 'fulfilled')`),
      )
      // The form's key: a double-clicked redemption is one redemption.
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('partner_redemption_member')
      .on('partner_redemption')
      .columns(['user_id', 'created_at'])
      .execute();

    // Balances stored before the ledger become its first entry, so the balance stays its sum.
    const members = await sql<{ user_id: string; points_balance: number; updated_at: string }>`
      select user_id, points_balance, updated_at from partner_member where points_balance <> 0`.execute(
      db,
    );
    for (const member of members.rows) {
      await sql`insert into partner_points_entry (id, user_id, kind, points, reason, source_event, occurred_at)
        values (${newRecordId('partnerPointsEntry')}, ${member.user_id}, 'adjusted', ${member.points_balance},
        'Balance before the points ledger', ${`opening:${member.user_id}`}, ${member.updated_at})`.execute(
        db,
      );
    }
    await sql`update partner_member set tier_points = points_balance`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_redemption').execute();
    await db.schema.dropTable('partner_reward').execute();
    await db.schema.dropTable('partner_challenge_entry').execute();
    await db.schema.dropTable('partner_challenge').execute();
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
    await db.schema.dropTable('partner_contact').execute();
    await db.schema.dropTable('partner_step_rule').execute();
    await db.schema.dropTable('partner_onboarding_step').execute();
    await db.schema.dropTable('partner_earning_rule').execute();
    await db.schema.dropTable('partner_points_entry').execute();
    await db.schema.dropTable('partner_event').execute();
    await db.schema.alterTable('partner_member').dropColumn('joined_at').execute();
    await db.schema.alterTable('partner_member').dropColumn('tier_points').execute();
  },
};
