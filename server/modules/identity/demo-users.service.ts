import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { saveUser } from './user.service.ts';
import type { PortalUser } from './viewer.ts';

/** Writes the demo accounts as users of the built-in provider; safe to run at every start. */
export async function seedDemoUsers(
  db: Kysely<Database>,
  issuer: string,
  now: Date = new Date(),
): Promise<PortalUser[]> {
  return db.transaction().execute(async (trx) => {
    const users: PortalUser[] = [];
    for (const demo of DEMO_ACCOUNTS) {
      const identity = {
        issuer,
        subject: demo.subject,
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
      };
      users.push(await saveUser(trx, identity, demo.data, now));
    }
    return users;
  });
}
