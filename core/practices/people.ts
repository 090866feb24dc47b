import { isValidEmail } from '../validation/index.ts';
import type { FieldCheck } from './messages.ts';

/*
 * A practice's people (docs/practices-and-subscriptions.md, "The practice's people"): its
 * principal contact, primary contacts and members; who may invite, withdraw and remove; and the
 * state of an invitation.
 */

export const PRACTICE_ROLES = ['principal', 'primary', 'member'] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];

export const PRACTICE_ROLE_LABELS: Readonly<Record<PracticeRole, string>> = {
  principal: 'Principal contact',
  primary: 'Primary contact',
  member: 'Member',
};

/** The roles an invitation may give: there is one principal contact, who hands over, not invites. */
export const INVITED_ROLES = ['member', 'primary'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

export function parseInvitedRole(value: string): InvitedRole | undefined {
  return INVITED_ROLES.find((role) => role === value);
}

export function parsePracticeRole(value: string): PracticeRole | undefined {
  return PRACTICE_ROLES.find((role) => role === value);
}

/** An invitation's link works for this many days. */
export const INVITATION_DAYS = 7;

export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
}

/** Addresses are compared without regard to case or surrounding spaces. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export interface InvitationInput {
  email: string;
  role: string;
}

export type InvitationField = keyof InvitationInput;

export function checkInvitation(input: InvitationInput): FieldCheck<InvitationField> {
  if (!isValidEmail(input.email.trim()))
    return { ok: false, field: 'email', message: 'Enter an e-mail address like name@example.com.' };
  if (!parseInvitedRole(input.role))
    return { ok: false, field: 'role', message: 'Choose member or primary contact.' };
  return { ok: true };
}

/**
 * The principal contact and primary contacts invite people and withdraw invitations: primary
 * contacts run the practice day to day. Members do neither.
 */
export const mayInvite = (role: PracticeRole | undefined): boolean =>
  role === 'principal' || role === 'primary';

/**
 * Only the principal contact removes people, and never the principal contact: a practice always
 * has one, who hands the role over before leaving.
 */
export function mayRemove(actor: PracticeRole | undefined, target: PracticeRole): boolean {
  return actor === 'principal' && target !== 'principal';
}

export type InvitationStatus = 'pending' | 'accepted' | 'withdrawn' | 'lapsed';

/** What an invitation's link can still do at `now`. */
export type InvitationState = 'open' | 'expired' | 'used' | 'withdrawn';

export function invitationState(
  invitation: { status: InvitationStatus; expiresAt: string },
  now: Date,
): InvitationState {
  if (invitation.status === 'accepted') return 'used';
  if (invitation.status === 'withdrawn') return 'withdrawn';
  if (invitation.status === 'lapsed') return 'expired';
  return Date.parse(invitation.expiresAt) > now.getTime() ? 'open' : 'expired';
}

/**
 * The principal contact hands the role to another of the practice's people, and becomes a
 * primary contact: the only way a principal contact leaves.
 */
export function mayHandOver(actor: PracticeRole | undefined, target: PracticeRole): boolean {
  return actor === 'principal' && target !== 'principal';
}

export type PeopleAction = 'invited' | 'joined' | 'withdrawn' | 'removed' | 'handed-over';

export const PEOPLE_ACTION_LABELS: Readonly<Record<PeopleAction, string>> = {
  invited: 'Invited',
  joined: 'Joined',
  withdrawn: 'Invitation withdrawn',
  removed: 'Removed',
  'handed-over': 'Made principal contact',
};
