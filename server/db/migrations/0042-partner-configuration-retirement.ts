import type { Kysely, Migration } from 'kysely';

/*
 * The programme's admin pages for onboarding steps and resources (docs/partner-programme.md):
 * both are retired rather than deleted. A retired onboarding step leaves the card, and partners
 * keep what they did, since a step's completion is read from their events; a retired resource
 * leaves the library and can no longer be downloaded, and keeps its download count.
 */
export const partnerConfigurationRetirement: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('partner_onboarding_step').addColumn('retired_at', 'text').execute();
    await db.schema.alterTable('partner_resource').addColumn('retired_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('partner_resource').dropColumn('retired_at').execute();
    await db.schema.alterTable('partner_onboarding_step').dropColumn('retired_at').execute();
  },
};
