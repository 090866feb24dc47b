import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { invitationExpiry } from '~core/practices';
import type { Database } from '~server/db/schema.ts';
import { findUserBySubject } from '~server/modules/identity';
import { recordPeopleChange } from './people-entries.ts';
import * as people from './people.repository.ts';
import * as repository from './practices.repository.ts';

/*
 * The demo practice's people: Priya Raman, principal contact of Raman Partners, has Sam Taylor
 * (the demo team member of her firm) as a member and an invitation waiting for an answer. Its
 * link was never mailed, so nobody can take it up; it shows how pending invitations look.
 */

export const DEMO_INVITATION_ID = 'demo-invitation-raman-partners';
const DEMO_INVITEE = 'lena.ward@example.com';
const DAY = 86_400_000;

export async function seedDemoPracticePeople(
  db: Kysely<Database>,
  issuer: string,
  now: Date,
): Promise<void> {
  const priya = await findUserBySubject(db, issuer, 'demo-partner-primary');
  const sam = await findUserBySubject(db, issuer, 'demo-partner-member');
  if (!priya || !sam) return;
  const [practice] = await repository.listMemberships(db, priya.id);
  if (!practice || practice.role !== 'principal') return;
  const principal = { id: priya.id, name: `${priya.firstName} ${priya.lastName}`, email: '' };
  await db.transaction().execute(async (trx) => {
    const joinedAt = new Date(now.getTime() - 40 * DAY).toISOString();
    const samName = `${sam.firstName} ${sam.lastName}`;
    const joined = await repository.insertPerson(trx, {
      practice_id: practice.id,
      user_id: sam.id,
      role: 'member',
      name: samName,
      email: sam.email ?? '',
      joined_at: joinedAt,
    });
    if (joined)
      await recordPeopleChange(trx, {
        practiceId: practice.id,
        action: 'joined',
        email: sam.email ?? '',
        personName: samName,
        role: 'member',
        actor: principal,
        at: joinedAt,
      });
    if (await people.findInvitationById(trx, DEMO_INVITATION_ID)) return;
    const sentAt = new Date(now.getTime() - 2 * DAY);
    const invited = await people.insertInvitation(trx, {
      id: DEMO_INVITATION_ID,
      practice_id: practice.id,
      email: DEMO_INVITEE,
      role: 'member',
      token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      invited_by: priya.id,
      invited_by_name: principal.name,
      status: 'pending',
      pending_key: `${practice.id}:${DEMO_INVITEE}`,
      created_at: sentAt.toISOString(),
      expires_at: invitationExpiry(sentAt),
      closed_at: null,
      accepted_by: null,
    });
    if (invited)
      await recordPeopleChange(trx, {
        practiceId: practice.id,
        action: 'invited',
        email: DEMO_INVITEE,
        personName: '',
        role: 'member',
        actor: principal,
        at: sentAt.toISOString(),
      });
  });
}
