import { createHash, randomBytes } from 'node:crypto';
import { formatCaseNumber, invitationInput, mayManagePeople } from '~core/cases';
import { fullName } from '~core/ui';
import { newRecordId } from '~server/db/ids.ts';
import { queueMail } from '~server/modules/mail';
import { loadVisibleCase } from './case-access.ts';
import { parse, signedInUser, type CaseContext } from './case-context.ts';
import { caseNotFound, CaseError } from './case-error.ts';
import { invitationMail } from './case-mail.ts';
import * as repository from './cases.repository.ts';
import * as invitations from './invitations.repository.ts';

/*
 * People on a case: the owner invites colleagues by e-mail address. The invitation link carries
 * a secret of 32 random bytes, stored only as its SHA-256, so links cannot be forged or read
 * from the database; it works once, for INVITATION_DAYS, for the address it was sent to.
 */

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The case's page for inviting people: who is on it and the invitations still open. */
export async function getCasePeople(context: CaseContext, id: string) {
  const { row, relation } = await loadVisibleCase(context, id);
  if (!mayManagePeople(relation)) throw caseNotFound();
  const open = await invitations.listOpenInvitations(context.db, id, context.now.toISOString());
  return {
    caseNumber: formatCaseNumber(row.case_number),
    subject: row.subject,
    pendingInvitations: open.map((invitation) => ({
      email: invitation.email,
      expiresAt: invitation.expires_at,
    })),
  };
}

/** Invites someone by e-mail address; the link is mailed to that address. */
export async function inviteToCase(
  context: CaseContext,
  id: string,
  input: { email: unknown },
): Promise<{ email: string }> {
  const { row, user, relation } = await loadVisibleCase(context, id);
  if (!mayManagePeople(relation)) throw caseNotFound();
  const { email } = parse(invitationInput, input);
  if (email.toLowerCase() === user.email?.toLowerCase()) {
    throw new CaseError('INVALID_INPUT', 'You are already on this case.', 'email');
  }
  const token = randomBytes(32).toString('base64url');
  const invitationId = newRecordId('caseInvitation');
  await context.db.transaction().execute(async (trx) => {
    await invitations.insertInvitation(trx, {
      id: invitationId,
      case_id: id,
      token_hash: hashOf(token),
      email,
      invited_by: user.id,
      created_at: context.now.toISOString(),
      expires_at: new Date(context.now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
      used_at: null,
      used_by: null,
    });
    const mail = { id, caseNumber: row.case_number, subject: row.subject };
    const inviterName = fullName(user.firstName, user.lastName);
    await queueMail(
      trx,
      [invitationMail(mail, { id: invitationId, email, token, inviterName }, context.siteUrl)],
      context.now,
    );
  });
  return { email };
}

export type InvitationOutcome =
  { kind: 'accepted'; caseId: string } | { kind: 'invalid' | 'expired' | 'used' | 'other-address' };

/**
 * Takes up an invitation for the signed-in visitor: a forged or unknown link, one for another
 * case, an expired or used one, or one sent to another address gives no access.
 */
export async function acceptInvitation(
  context: CaseContext,
  caseId: string,
  token: string,
): Promise<InvitationOutcome> {
  const user = signedInUser(context);
  const invitation = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await invitations.findInvitationByHash(context.db, hashOf(token))
    : undefined;
  if (!invitation || invitation.case_id !== caseId) return { kind: 'invalid' };
  if (invitation.used_at !== null) {
    return invitation.used_by === user.id ? { kind: 'accepted', caseId } : { kind: 'used' };
  }
  if (Date.parse(invitation.expires_at) <= context.now.getTime()) return { kind: 'expired' };
  if (invitation.email.toLowerCase() !== user.email?.toLowerCase()) {
    return { kind: 'other-address' };
  }
  const at = context.now.toISOString();
  return context.db.transaction().execute(async (trx) => {
    if (!(await invitations.useInvitation(trx, invitation.id, user.id, at))) {
      return { kind: 'used' } as const;
    }
    await repository.insertPerson(trx, {
      case_id: caseId,
      user_id: user.id,
      added_by: invitation.invited_by,
      added_at: at,
    });
    return { kind: 'accepted', caseId } as const;
  });
}

/** The owner (or an agent) takes someone off the case: no more access, no more e-mails. */
export async function removePerson(
  context: CaseContext,
  id: string,
  userId: string,
): Promise<void> {
  const { relation } = await loadVisibleCase(context, id);
  if (!mayManagePeople(relation)) throw caseNotFound();
  await repository.deletePerson(context.db, id, userId);
}
