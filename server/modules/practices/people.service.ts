import {
  mayHandOver,
  mayInvite,
  mayRemove,
  parsePracticeRole,
  PEOPLE_ACTION_LABELS,
  PRACTICE_ROLE_LABELS,
  type PracticeRole,
} from '~core/practices';
import { queueMail } from '~server/modules/mail';
import { setPartnerStanding } from '~server/modules/identity';
import { practiceMail } from './practice-mail.ts';
import type { PracticesContext, PracticeUser } from './practices.context.ts';
import { recordPeopleChange, RolledBack, unlessRolledBack } from './people-entries.ts';
import * as people from './people.repository.ts';
import * as repository from './practices.repository.ts';

/*
 * The practice and its people as the partner account page shows them, and removing a person.
 * Everything is read through the signed-in person's own membership: nobody reaches another
 * practice's people, whatever ids a request carries.
 */

const HISTORY_LINES = 20;

export interface PracticePerson {
  userId: string;
  name: string;
  email: string;
  role: PracticeRole;
  roleLabel: string;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  roleLabel: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface PracticePeople {
  practice: { id: string; name: string; market: string; tier: string };
  role: PracticeRole;
  people: PracticePerson[];
  /** For those who may invite: the invitations not yet taken up, and the people's history. */
  invitations: PendingInvitation[];
  history: { id: string; at: string; label: string; who: string; by: string }[];
  mayInvite: boolean;
  mayRemove: boolean;
}

const roleOfRow = (role: string): PracticeRole => parsePracticeRole(role) ?? 'member';

/** The signed-in person's practice and its people; undefined when they belong to none. */
export async function practicePeople(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: Pick<PracticeUser, 'id'>,
): Promise<PracticePeople | undefined> {
  const [membership] = await repository.listMemberships(context.db, user.id);
  if (!membership) return undefined;
  const practice = await repository.findPracticeById(context.db, membership.id);
  if (!practice) return undefined;
  const role = roleOfRow(membership.role);
  const inviting = mayInvite(role);
  const rows = await repository.listPeople(context.db, practice.id);
  const order: Record<PracticeRole, number> = { principal: 0, primary: 1, member: 2 };
  const everyone = rows
    .map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      role: roleOfRow(row.role),
      roleLabel: PRACTICE_ROLE_LABELS[roleOfRow(row.role)],
      joinedAt: row.joined_at,
    }))
    .sort((a, b) => order[a.role] - order[b.role]);
  const invitations = inviting ? await people.listPendingInvitations(context.db, practice.id) : [];
  const history = inviting
    ? await people.listPeopleEntries(context.db, practice.id, HISTORY_LINES)
    : [];
  return {
    practice: {
      id: practice.id,
      name: practice.name,
      market: practice.market,
      tier: practice.tier,
    },
    role,
    people: everyone,
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      roleLabel: PRACTICE_ROLE_LABELS[invitation.role],
      invitedBy: invitation.invited_by_name,
      createdAt: invitation.created_at,
      expiresAt: invitation.expires_at,
      expired: Date.parse(invitation.expires_at) <= context.now.getTime(),
    })),
    history: history.map((entry) => ({
      id: entry.id,
      at: entry.created_at,
      label: PEOPLE_ACTION_LABELS[entry.action],
      who: entry.person_name ? `${entry.person_name} (${entry.email})` : entry.email,
      by: entry.actor_name,
    })),
    mayInvite: inviting,
    mayRemove: role === 'principal',
  };
}

export type RemoveOutcome =
  | { kind: 'removed'; name: string }
  | { kind: 'not-allowed'; message: string }
  | { kind: 'not-found' };

/**
 * The principal contact takes a person out of the practice. They stop being a partner at once
 * (the viewer is read from the user row on every request) and are told by e-mail.
 */
export async function removePerson(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  personUserId: string,
): Promise<RemoveOutcome> {
  return context.db.transaction().execute(async (trx) => {
    const [membership] = await repository.listMemberships(trx, user.id);
    if (!membership) return { kind: 'not-found' };
    const everyone = await repository.listPeople(trx, membership.id);
    const target = everyone.find((person) => person.user_id === personUserId);
    if (!target) return { kind: 'not-found' };
    const targetRole = roleOfRow(target.role);
    if (!mayRemove(roleOfRow(membership.role), targetRole))
      return {
        kind: 'not-allowed',
        message:
          targetRole === 'principal'
            ? 'The principal contact cannot be removed. Hand the practice over first.'
            : 'Only the principal contact removes people.',
      };
    if (!(await people.deletePerson(trx, membership.id, personUserId)))
      return { kind: 'not-found' };
    const at = context.now.toISOString();
    await setPartnerStanding(
      trx,
      personUserId,
      { isPartner: false, isPrimaryContact: false, isPrincipalContact: false },
      context.now,
    );
    await recordPeopleChange(trx, {
      practiceId: membership.id,
      action: 'removed',
      email: target.email,
      personName: target.name,
      role: target.role,
      actor: user,
      at,
    });
    await queueMail(
      trx,
      [
        practiceMail(
          `practice-removed:${membership.id}:${personUserId}:${at}`,
          target.email,
          `You are no longer one of the people of ${membership.name}`,
          [
            `Hello ${target.name},`,
            '',
            `${user.name} removed you from ${membership.name} on the partner portal. The practice's pages and the partner programme are no longer open to you.`,
          ],
        ),
      ],
      context.now,
    );
    return { kind: 'removed', name: target.name };
  });
}

export type HandOverOutcome =
  | { kind: 'handed-over'; name: string }
  | { kind: 'not-allowed'; message: string }
  | { kind: 'not-found' };

/**
 * The principal contact makes another of the practice's people principal contact and becomes a
 * primary contact; both partner flags follow at once. Of two hand-overs at once, the first
 * takes the role away and the second finds its sender no longer principal.
 */
export async function handOverPractice(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  personUserId: string,
): Promise<HandOverOutcome> {
  const refused = {
    kind: 'not-allowed',
    message: 'Only the principal contact hands the practice over, to one of its other people.',
  } as const;
  return unlessRolledBack(
    context.db.transaction().execute(async (trx): Promise<HandOverOutcome> => {
      const [membership] = await repository.listMemberships(trx, user.id);
      if (!membership) return { kind: 'not-found' };
      const everyone = await repository.listPeople(trx, membership.id);
      const target = everyone.find((person) => person.user_id === personUserId);
      if (!target) return { kind: 'not-found' };
      if (!mayHandOver(roleOfRow(membership.role), roleOfRow(target.role))) return refused;
      if (!(await people.changeRole(trx, membership.id, user.id, 'principal', 'primary')))
        return refused;
      if (
        !(await people.changeRole(
          trx,
          membership.id,
          personUserId,
          target.role as PracticeRole,
          'principal',
        ))
      )
        throw new RolledBack<HandOverOutcome>({ kind: 'not-found' });
      await setPartnerStanding(
        trx,
        user.id,
        { isPartner: true, isPrimaryContact: true, isPrincipalContact: false },
        context.now,
      );
      await setPartnerStanding(
        trx,
        personUserId,
        { isPartner: true, isPrimaryContact: false, isPrincipalContact: true },
        context.now,
      );
      const at = context.now.toISOString();
      await recordPeopleChange(trx, {
        practiceId: membership.id,
        action: 'handed-over',
        email: target.email,
        personName: target.name,
        role: 'principal',
        actor: user,
        at,
      });
      await queueMail(
        trx,
        [
          practiceMail(
            `practice-handed-over:${membership.id}:${personUserId}:${at}`,
            target.email,
            `You are now the principal contact of ${membership.name}`,
            [
              `Hello ${target.name},`,
              '',
              `${user.name} made you the principal contact of ${membership.name} on the partner portal. You now decide who joins and who leaves the practice.`,
            ],
          ),
        ],
        context.now,
      );
      return { kind: 'handed-over', name: target.name };
    }),
  );
}
