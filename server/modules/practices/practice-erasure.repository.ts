import { sql } from 'kysely';
import { ERASED_MEMBER } from '~core/consent';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PracticesTables } from './practices.tables.ts';

type Db = ModuleDatabase<PracticesTables>;

const ERASED_NAME = `${ERASED_MEMBER.firstName} ${ERASED_MEMBER.lastName}`;

/**
 * What the practices keep of a person whose account is erased (docs/privacy.md): their place in
 * a practice, the invitations and requests to join that name their address, and their name and
 * address in the people's audit trail. A principal contact's place stays, as "Deleted member",
 * so the practice keeps a principal until its people hand it over; anyone else leaves.
 */
export async function forgetPracticePerson(
  db: Db,
  person: { userId: string; email: string | null },
): Promise<void> {
  const { userId } = person;
  const email = person.email?.toLowerCase() ?? null;
  await db
    .deleteFrom('practice_person')
    .where('user_id', '=', userId)
    .where('role', '!=', 'principal')
    .execute();
  await db
    .updateTable('practice_person')
    .set({ name: ERASED_NAME, email: '' })
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('practice_join_request').where('user_id', '=', userId).execute();
  await db
    .updateTable('practice_invitation')
    .set({ invited_by_name: ERASED_NAME })
    .where('invited_by', '=', userId)
    .execute();
  await db
    .updateTable('practice_people_entry')
    .set({ actor_name: ERASED_NAME })
    .where('actor_id', '=', userId)
    .execute();
  if (email === null) return;
  await db
    .deleteFrom('practice_invitation')
    .where(sql<string>`lower(email)`, '=', email)
    .execute();
  await db
    .updateTable('practice_people_entry')
    .set({ person_name: ERASED_NAME, email: '' })
    .where(sql<string>`lower(email)`, '=', email)
    .execute();
}
