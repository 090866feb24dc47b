import type { Kysely, Migration } from 'kysely';

/*
 * A challenge may be won for a reward of the catalogue, instead of or besides points
 * (docs/partner-programme.md). Completing it makes a redemption of the reward for the partner,
 * debiting nothing (`challenge_id` names the challenge it was won in); when the reward had run
 * out, the redemption says so (`out_of_stock`) for an admin to fulfil it another way.
 */
export const partnerChallengePrizes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('partner_challenge')
      .addColumn('reward_id', 'text', (column) => column.references('partner_reward.id'))
      .execute();
    await db.schema
      .alterTable('partner_redemption')
      .addColumn('challenge_id', 'text', (column) => column.references('partner_challenge.id'))
      .execute();
    await db.schema
      .alterTable('partner_redemption')
      .addColumn('out_of_stock', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('partner_redemption').dropColumn('out_of_stock').execute();
    await db.schema.alterTable('partner_redemption').dropColumn('challenge_id').execute();
    await db.schema.alterTable('partner_challenge').dropColumn('reward_id').execute();
  },
};
