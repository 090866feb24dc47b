import type { Kysely } from 'kysely';

/*
 * Spec 4: the first search after a standalone box's redirect runs "with its analytics", and a
 * box's analytics carry metadata besides the cause (the partial query and the suggestion picked).
 * The search log kept only the cause; the metadata now has a column of its own, as JSON.
 * Spec 4 also opens the suggestions on focus, before anything is typed: the hub's most searched
 * queries are then suggested, read through an index by hub and count.
 */
export const searchSlips = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('search_query_log').addColumn('cause_metadata', 'text').execute();
    await db.schema
      .createIndex('search_past_query_popular')
      .on('search_past_query')
      .columns(['hub', 'search_count desc'])
      .execute();
  },
};
