import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The programme's administration (docs/partner-programme.md): a reward can be retired, kept for
 * the redemptions that name it but no longer offered; a redemption an admin cancels is
 * `cancelled`, its points given back through the ledger. SQLite cannot change a check
 * constraint, so there the redemptions' table is made again with the wider one.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function rebuildRedemptions(db: Kysely<unknown>, statuses: readonly string[]) {
  const allowed = sql.join(statuses.map((status) => sql.lit(status)));
  if (isPostgres(db)) {
    await sql`alter table partner_redemption drop constraint partner_redemption_status_check`.execute(
      db,
    );
    await sql`alter table partner_redemption add constraint partner_redemption_status_check check (status in (${allowed}))`.execute(
      db,
    );
    return;
  }
  await sql`create table partner_redemption_next (
    id text primary key,
    user_id text not null,
    reward_id text not null references partner_reward (id) on delete cascade,
    points integer not null,
    status text not null check (status in (${allowed})),
    request_key text not null unique,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`insert into partner_redemption_next select id, user_id, reward_id, points, status, request_key, created_at, updated_at from partner_redemption`.execute(
    db,
  );
  await sql`drop table partner_redemption`.execute(db);
  await sql`alter table partner_redemption_next rename to partner_redemption`.execute(db);
  await sql`create index partner_redemption_member on partner_redemption (user_id, created_at)`.execute(
    db,
  );
}

export const partnerProgrammeAdmin = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('partner_reward').addColumn('retired_at', 'text').execute();
    await rebuildRedemptions(db, ['requested', 'fulfilled', 'cancelled']);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from partner_redemption where status = 'cancelled'`.execute(db);
    await rebuildRedemptions(db, ['requested', 'fulfilled']);
    await db.schema.alterTable('partner_reward').dropColumn('retired_at').execute();
  },
};
