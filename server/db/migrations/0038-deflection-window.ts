import type { Kysely, Migration } from 'kysely';

/*
 * When a visitor shown help went on to reach a person (docs/insight.md 'Deflection'): a visit
 * counts as reaching one only within 30 minutes of the help, so the moment is kept. Rows from
 * before keep their flag and no moment.
 */
export const deflectionWindow: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('contact_deflection').addColumn('reached_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('contact_deflection').dropColumn('reached_at').execute();
  },
};
