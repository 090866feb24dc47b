import { ERASED_MEMBER } from '~core/consent';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { IdentityTables } from './identity.tables.ts';

type Db = ModuleDatabase<IdentityTables>;

/**
 * Erases an account's personal data and ends its sessions. The row stays, so what the person
 * wrote keeps an author ("Deleted member"); its subject no longer matches the provider's, so
 * signing in again makes a new, empty account. Answers the address it had, or undefined for an
 * unknown user.
 */
export async function eraseUser(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ email: string | null } | undefined> {
  const user = await db
    .selectFrom('portal_user')
    .select(['email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  await db.deleteFrom('portal_session').where('user_id', '=', userId).execute();
  await db
    .updateTable('portal_user')
    .set({
      subject: `erased:${userId}`,
      email: null,
      first_name: ERASED_MEMBER.firstName,
      last_name: ERASED_MEMBER.lastName,
      is_partner: 0,
      is_primary_contact: 0,
      is_principal_contact: 0,
      market: null,
      partner_product_interest_client: null,
      partner_product_interest_practice: null,
      can_view_setup: 0,
      is_agent: 0,
      organisation_id: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
  return { email: user.email };
}
