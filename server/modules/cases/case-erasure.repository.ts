import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CaseTables } from './cases.tables.ts';

type Db = ModuleDatabase<CaseTables>;

/**
 * A deleted account's cases stay with its organisation and the support team, without the ways
 * to reach the person; invitations sent to the address and the person's own records go. The
 * cases raised without an account from the same address (sign-in help, chat) lose the address
 * too, so their follow links and e-mail replies stop reaching anyone.
 */
export async function forgetCaseContact(
  db: Db,
  person: { userId: string; email: string | null },
): Promise<void> {
  await db
    .updateTable('support_case')
    .set({ contact_email: null, contact_phone: null, callback_from: null, callback_to: null })
    .where('owner_id', '=', person.userId)
    .execute();
  if (person.email) {
    await db
      .deleteFrom('support_case_invitation')
      .where('email', '=', person.email)
      .where('used_at', 'is', null)
      .execute();
    await db
      .updateTable('support_case')
      .set({
        owner_email: null,
        contact_email: null,
        contact_phone: null,
        callback_from: null,
        callback_to: null,
      })
      .where('owner_id', 'is', null)
      .where('owner_email', '=', person.email)
      .execute();
    await db
      .deleteFrom('support_case_idempotency_key')
      .where('user_id', '=', `address:${person.email}`)
      .execute();
  }
  await db.deleteFrom('support_case_person').where('user_id', '=', person.userId).execute();
  await db
    .deleteFrom('support_case_idempotency_key')
    .where('user_id', '=', person.userId)
    .execute();
  await db.deleteFrom('support_case_deflection').where('user_id', '=', person.userId).execute();
}
