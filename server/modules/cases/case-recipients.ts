import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import type { Recipient } from './case-mail.ts';
import type { CaseRow } from './cases.tables.ts';

/** The owner and the people on a case who have an e-mail address, but not `exceptUserId`. */
export async function caseRecipients(
  db: Kysely<Database>,
  row: CaseRow,
  peopleIds: readonly string[],
  exceptUserId?: string,
): Promise<Recipient[]> {
  const ids = [row.owner_id, ...peopleIds].filter((id) => id !== exceptUserId);
  const users = await listUserSummaries(db, ids);
  return users.flatMap((user) =>
    user.email
      ? [{ userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email }]
      : [],
  );
}
