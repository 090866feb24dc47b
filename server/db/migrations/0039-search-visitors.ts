import type { Kysely, Migration } from 'kysely';

/*
 * Who searched, as a pseudonym (docs/insight.md 'Search'): a keyed hash of a random id the
 * search API gives a browser under statistics consent, so visitors and refined queries can be
 * counted. Searches from before, and without consent, have none.
 */
export const searchVisitors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('search_query_log').addColumn('visitor_key', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('search_query_log').dropColumn('visitor_key').execute();
  },
};
