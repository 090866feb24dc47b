import type { Kysely } from 'kysely';
import type { MemberRef } from '~core/community';
import { fullName } from '~core/ui';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries, type UserSummary } from '~server/modules/identity';

/** A person as the community shows them, never with their e-mail. */
export function memberRefOf(user: UserSummary | undefined, id: string): MemberRef {
  if (!user) return { id, name: 'Former member', firstName: '', lastName: '' };
  return {
    id: user.id,
    name: fullName(user.firstName, user.lastName),
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

/** Looks the members of these ids up at once; the answer names any one of them. */
export async function membersById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<(id: string) => MemberRef> {
  const users = await listUserSummaries(db, ids);
  const byId = new Map(users.map((user) => [user.id, user]));
  return (id) => memberRefOf(byId.get(id), id);
}
