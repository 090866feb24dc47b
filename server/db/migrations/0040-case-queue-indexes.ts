import { type Kysely, type Migration, sql } from 'kysely';

/*
 * The agents' queues at volume (docs/cases.md, "Measured"): each queue lists the cases longest
 * waiting first, 25 at a time, and counts every queue. The first index gives that order, so a
 * queue reads its 25 cases instead of sorting all it holds; the second holds every field the
 * counts look at, so they are read from the index alone. Merged duplicates are in neither.
 */
export const caseQueueIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index support_case_queue_order on support_case
      ((coalesce(customer_wrote_at, created_at)), case_number) where merged_into is null`.execute(
      db,
    );
    await sql`create index support_case_queue_counts on support_case
      (status, assignee_id, queue, impact, product) where merged_into is null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index support_case_queue_counts`.execute(db);
    await sql`drop index support_case_queue_order`.execute(db);
  },
};
