import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { NO_USER_DATA, saveUser } from '~server/modules/identity';
import { adjustPoints } from './points.service.ts';

/** A new partner (a user of their own for each test), with opening points when given. */
export async function newPartner(
  db: Kysely<Database>,
  opening?: { points: number; at: Date },
): Promise<string> {
  const user = await saveUser(
    db,
    {
      issuer: 'test',
      subject: newRecordId('user'),
      email: `${newRecordId('user')}@example.com`.toLowerCase(),
      firstName: 'Pat',
      lastName: 'Lee',
    },
    { ...NO_USER_DATA, isPartner: true },
  );
  if (opening && opening.points > 0) {
    await adjustPoints(db, {
      userId: user.id,
      points: opening.points,
      reason: 'Opening points',
      adminId: 'admin',
      requestKey: `${user.id}-opening`,
      at: opening.at,
    });
  }
  return user.id;
}
