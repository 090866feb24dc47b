import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import { followUrl } from './case-follow-links.ts';
import type { Recipient } from './case-mail.ts';
import type { CaseRow } from './cases.tables.ts';

/**
 * The owner and the people on a case who have an e-mail address, but not `except` (a user id,
 * or null for the owner without an account). An owner without an account is their address,
 * whose e-mails link to the case by its signed follow link.
 */
export async function caseRecipients(
  db: Kysely<Database>,
  row: CaseRow,
  peopleIds: readonly string[],
  except?: string | null,
  site?: { siteUrl: string; followKey?: Buffer | undefined },
): Promise<Recipient[]> {
  const ids = [...(row.owner_id ? [row.owner_id] : []), ...peopleIds].filter((id) => id !== except);
  const users = await listUserSummaries(db, ids);
  const guestOwner: Recipient[] =
    row.owner_id === null && row.owner_email && except !== null
      ? [
          {
            userId: `address:${row.owner_email}`,
            firstName: '',
            lastName: '',
            email: row.owner_email,
            ...(site ? { caseUrl: followUrl(site.siteUrl, site.followKey, row.id) } : {}),
          },
        ]
      : [];
  return [
    ...guestOwner,
    ...users.flatMap((user) =>
      user.email
        ? [
            {
              userId: user.id,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
            },
          ]
        : [],
    ),
  ];
}
