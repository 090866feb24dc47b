import { type Kysely, sql } from 'kysely';

/*
 * Two record kinds shared a prefix: answer events used 'a0E' with analytics events, and search
 * query log rows used 'a0S' with learning sessions. The prefix registry (core/records) now gives
 * answer events 'a0B' and search query rows 'a0Q'. Stored ids move with it, keeping their 15
 * random characters, so every stored id is still an 18-character id and its prefix names its
 * kind. Nothing refers to these ids (clicks refer to a search by its search_uid), so no other
 * row changes. The ids are written in this file rather than read from the registry: a migration
 * must do the same thing whatever the registry says later.
 */
const MOVES = [
  { table: 'answer_event', from: 'a0E', to: 'a0B' },
  { table: 'search_query_log', from: 'a0S', to: 'a0Q' },
] as const;

async function movePrefix(db: Kysely<unknown>, table: string, from: string, to: string) {
  await sql`update ${sql.table(table)} set id = ${to} || substr(id, 4)
    where substr(id, 1, 3) = ${from}`.execute(db);
}

export const recordPrefixes = {
  async up(db: Kysely<unknown>) {
    for (const move of MOVES) await movePrefix(db, move.table, move.from, move.to);
  },
  async down(db: Kysely<unknown>) {
    for (const move of MOVES) await movePrefix(db, move.table, move.to, move.from);
  },
};
