import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  checkInvitation,
  emailKey,
  invitationExpiry,
  invitationState,
  mayInvite,
  parseInvitedRole,
  parsePracticeRole,
  PRACTICE_ROLE_LABELS,
  type InvitationField,
} from '~core/practices';
import { setPartnerStanding } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { practiceMail } from './practice-mail.ts';
import {
  invalid,
  type FieldProblem,
  type PracticesContext,
  type PracticeUser,
} from './practices.context.ts';
import { recordPeopleChange, RolledBack, unlessRolledBack } from './people-entries.ts';
import * as people from './people.repository.ts';
import * as repository from './practices.repository.ts';

/*
 * Inviting people into a practice by e-mail address. As with case invitations, the link carries
 * a secret of 32 random bytes stored only as its SHA-256: it cannot be forged or read from the
 * database, and the row it points at makes it single-use, withdrawable and expiring.
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const pendingKeyOf = (practiceId: string, email: string) => `${practiceId}:${emailKey(email)}`;

export type InviteOutcome =
  FieldProblem<InvitationField> | { kind: 'invited'; email: string } | { kind: 'not-allowed' };

/**
 * The principal or a primary contact invites someone as a member or primary contact. An address
 * already among the people, or already invited and not yet expired, is refused at the field with
 * nothing written; an expired invitation to it is closed and a new one sent.
 */
export async function invitePerson(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  input: { email: string; role: string },
  joinLink: (token: string) => string,
): Promise<InviteOutcome> {
  const check = checkInvitation(input);
  if (!check.ok) return invalid(check.field, check.message);
  const email = input.email.trim();
  const role = parseInvitedRole(input.role)!;
  const token = randomBytes(32).toString('base64url');
  return context.db.transaction().execute(async (trx) => {
    const [membership] = await repository.listMemberships(trx, user.id);
    if (!membership || !mayInvite(parsePracticeRole(membership.role)))
      return { kind: 'not-allowed' };
    const everyone = await repository.listPeople(trx, membership.id);
    if (everyone.some((person) => emailKey(person.email) === emailKey(email)))
      return invalid('email', `${email} is already one of the people of ${membership.name}.`);
    const at = context.now.toISOString();
    const pendingKey = pendingKeyOf(membership.id, email);
    const pending = await people.findPendingInvitation(trx, pendingKey);
    if (pending) {
      const state = invitationState(
        { status: pending.status, expiresAt: pending.expires_at },
        context.now,
      );
      if (state === 'open')
        return invalid(
          'email',
          `${email} is invited already. Withdraw that invitation to send another.`,
        );
      await people.closeInvitation(trx, pending.id, membership.id, { status: 'lapsed', at });
    }
    const id = randomUUID();
    const expiresAt = invitationExpiry(context.now);
    const inserted = await people.insertInvitation(trx, {
      id,
      practice_id: membership.id,
      email,
      role,
      token_hash: hashOf(token),
      invited_by: user.id,
      invited_by_name: user.name,
      status: 'pending',
      pending_key: pendingKey,
      created_at: at,
      expires_at: expiresAt,
      closed_at: null,
      accepted_by: null,
    });
    // Two invitations of one address at once: the other was first, and this one writes nothing.
    if (!inserted)
      return invalid(
        'email',
        `${email} is invited already. Withdraw that invitation to send another.`,
      );
    await recordPeopleChange(trx, {
      practiceId: membership.id,
      action: 'invited',
      email,
      personName: '',
      role,
      actor: user,
      at,
    });
    await queueMail(
      trx,
      [
        practiceMail(
          `practice-invitation:${id}`,
          email,
          `${user.name} invites you to join ${membership.name}`,
          [
            'Hello,',
            '',
            `${user.name} invites you to join ${membership.name} on the partner portal as ${PRACTICE_ROLE_LABELS[role].toLowerCase()}.`,
            '',
            `To join, open this link and sign in with this e-mail address (${email}):`,
            joinLink(token),
            '',
            `The link works once, until ${expiresAt.slice(0, 10)}.`,
          ],
        ),
      ],
      context.now,
    );
    return { kind: 'invited', email };
  });
}

export type WithdrawOutcome =
  { kind: 'withdrawn'; email: string } | { kind: 'not-allowed' } | { kind: 'gone' };

/** Withdraws a pending invitation of the person's own practice; its link stops working. */
export async function withdrawInvitation(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  invitationId: string,
): Promise<WithdrawOutcome> {
  return context.db.transaction().execute(async (trx) => {
    const [membership] = await repository.listMemberships(trx, user.id);
    if (!membership || !mayInvite(parsePracticeRole(membership.role)))
      return { kind: 'not-allowed' };
    const at = context.now.toISOString();
    const closed = await people.closeInvitation(trx, invitationId, membership.id, {
      status: 'withdrawn',
      at,
    });
    if (!closed) return { kind: 'gone' };
    await recordPeopleChange(trx, {
      practiceId: membership.id,
      action: 'withdrawn',
      email: closed.email,
      personName: '',
      role: closed.role,
      actor: user,
      at,
    });
    return { kind: 'withdrawn', email: closed.email };
  });
}

/** What an invitation's link leads to for the signed-in person. */
export type InvitationView =
  | { kind: 'open' | 'joined'; practiceName: string; roleLabel: string; invitedBy: string }
  | { kind: 'invalid' | 'expired' | 'used' | 'withdrawn' | 'other-address' }
  | { kind: 'member-elsewhere' | 'member-already'; practiceName: string };

async function viewOf(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  token: string,
): Promise<{ view: InvitationView; invitation?: people.InvitationRow }> {
  const invitation = TOKEN.test(token)
    ? await people.findInvitationByHash(context.db, hashOf(token))
    : undefined;
  if (!invitation) return { view: { kind: 'invalid' } };
  const practice = await repository.findPracticeById(context.db, invitation.practice_id);
  if (!practice) return { view: { kind: 'invalid' } };
  const details = {
    practiceName: practice.name,
    roleLabel: PRACTICE_ROLE_LABELS[invitation.role],
    invitedBy: invitation.invited_by_name,
  };
  const state = invitationState(
    { status: invitation.status, expiresAt: invitation.expires_at },
    context.now,
  );
  if (state === 'used')
    return {
      view: invitation.accepted_by === user.id ? { kind: 'joined', ...details } : { kind: 'used' },
    };
  if (state !== 'open') return { view: { kind: state } };
  if (emailKey(invitation.email) !== emailKey(user.email))
    return { view: { kind: 'other-address' } };
  const [membership] = await repository.listMemberships(context.db, user.id);
  if (membership)
    return {
      view: {
        kind: membership.id === practice.id ? 'member-already' : 'member-elsewhere',
        practiceName: membership.name,
      },
    };
  return { view: { kind: 'open', ...details }, invitation };
}

/** What the link's page shows before the person presses Join; opening it changes nothing. */
export async function readInvitation(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  token: string,
): Promise<InvitationView> {
  return (await viewOf(context, user, token)).view;
}

/**
 * Joins the signed-in person to the practice, once: of two accepts of one link at once, one
 * closes the invitation and the other finds it closed. The person becomes a partner (and a
 * primary contact if invited as one) from their next request.
 */
export async function acceptInvitation(
  context: Pick<PracticesContext, 'db' | 'now'>,
  user: PracticeUser,
  token: string,
): Promise<InvitationView> {
  const { view, invitation } = await viewOf(context, user, token);
  // Read while another accept of the same link committed: read again, now that it has.
  if (view.kind === 'member-already') return readInvitation(context, user, token);
  if (view.kind !== 'open' || !invitation) return view;
  const at = context.now.toISOString();
  const outcome = await unlessRolledBack(
    context.db.transaction().execute(async (trx): Promise<InvitationView> => {
      const closed = await people.closeInvitation(trx, invitation.id, invitation.practice_id, {
        status: 'accepted',
        at,
        acceptedBy: user.id,
      });
      if (!closed) return { kind: 'used' };
      const joined = await repository.insertPerson(trx, {
        practice_id: invitation.practice_id,
        user_id: user.id,
        role: invitation.role,
        name: user.name,
        email: user.email,
        joined_at: at,
      });
      if (!joined) throw new RolledBack<InvitationView>({ kind: 'used' });
      await setPartnerStanding(
        trx,
        user.id,
        {
          isPartner: true,
          isPrimaryContact: invitation.role === 'primary',
          isPrincipalContact: false,
        },
        context.now,
      );
      await recordPeopleChange(trx, {
        practiceId: invitation.practice_id,
        action: 'joined',
        email: user.email,
        personName: user.name,
        role: invitation.role,
        actor: user,
        at,
      });
      return view;
    }),
  );
  if (outcome.kind === 'open') return { ...view, kind: 'joined' };
  // Another accept got there first: say what the link now does for this person.
  return outcome.kind === 'used' ? readInvitation(context, user, token) : outcome;
}
