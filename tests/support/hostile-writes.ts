import { sql } from 'kysely';
import type { PortalDatabase } from '~server/db/database.ts';

/*
 * How the hostile-input run tells that a refused request wrote nothing: a log of every row
 * added or removed, kept by triggers, and counts of records left without their parent.
 */
/** The test's own table: each row a row some request added to or removed from a table. */
export const WRITE_LOG = 'hostile_input_write_log';

/**
 * Triggers that log every row added to or removed from the given tables, so a request that
 * was refused can be checked to have left every table as it was (a rolled-back transaction
 * takes its log rows with it).
 */
export async function logWrites(
  database: PortalDatabase,
  tables: readonly string[],
): Promise<void> {
  const { db } = database;
  await sql`create table ${sql.table(WRITE_LOG)} (table_name text not null)`.execute(db);
  if (database.dialect === 'sqlite') {
    for (const table of tables) {
      for (const event of ['insert', 'delete']) {
        await sql
          .raw(
            `create trigger "${WRITE_LOG}_${event}_${table}" after ${event} on "${table}" ` +
              `begin insert into ${WRITE_LOG} (table_name) values ('${table}'); end`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql
    .raw(
      `create function ${WRITE_LOG}_row() returns trigger language plpgsql as $$ ` +
        `begin insert into ${WRITE_LOG} (table_name) values (TG_TABLE_NAME); return null; end $$`,
    )
    .execute(db);
  for (const table of tables) {
    await sql
      .raw(
        `create trigger ${WRITE_LOG} after insert or delete on "${table}" ` +
          `for each row execute function ${WRITE_LOG}_row()`,
      )
      .execute(db);
  }
}

/** Rows whose parent is missing: what a handler that wrote part of a record and then failed leaves. */
export async function orphanCounts(database: PortalDatabase): Promise<Record<string, number>> {
  const checks: Record<string, string> = {
    'discussion without a post': `select count(*) as n from community_discussion d where not exists (select 1 from community_post p where p.discussion_id = d.id)`,
    'post without its discussion': `select count(*) as n from community_post p where not exists (select 1 from community_discussion d where d.id = p.discussion_id)`,
    'reply without its parent': `select count(*) as n from community_post p where p.parent_id is not null and not exists (select 1 from community_post q where q.id = p.parent_id)`,
    'revision without its post': `select count(*) as n from community_post_revision r where not exists (select 1 from community_post p where p.id = r.post_id)`,
    'discussion topic without its discussion': `select count(*) as n from community_discussion_topic t where not exists (select 1 from community_discussion d where d.id = t.discussion_id)`,
    'vote without its post': `select count(*) as n from community_vote v where not exists (select 1 from community_post p where p.id = v.post_id)`,
    'idea comment without its idea': `select count(*) as n from community_idea_comment c where not exists (select 1 from community_idea i where i.id = c.idea_id)`,
    'idea vote without its idea': `select count(*) as n from community_idea_vote v where not exists (select 1 from community_idea i where i.id = v.idea_id)`,
    'session without its user': `select count(*) as n from portal_session s where s.user_id is not null and not exists (select 1 from portal_user u where u.id = s.user_id)`,
  };
  const counts: Record<string, number> = {};
  for (const [name, query] of Object.entries(checks)) {
    const { rows } = await sql<{ n: number | string }>`${sql.raw(query)}`.execute(database.db);
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
