import { describe, expect, it } from 'vitest';
import {
  checkInvitation,
  emailKey,
  INVITATION_DAYS,
  invitationExpiry,
  invitationState,
  INVITED_ROLES,
  mayHandOver,
  mayInvite,
  mayRemove,
  parseInvitedRole,
  parsePracticeRole,
  PRACTICE_ROLE_LABELS,
  PRACTICE_ROLES,
  practiceInvitationPath,
  type InvitationStatus,
  type PracticeRole,
} from './index.ts';

const NOW = new Date('2026-11-27T10:00:00Z');

describe('a practice’s roles', () => {
  it('names each role in the product’s words', () => {
    expect(PRACTICE_ROLES.map((role) => PRACTICE_ROLE_LABELS[role])).toEqual([
      'Principal contact',
      'Primary contact',
      'Member',
    ]);
  });

  it('reads only known roles, and never invites a principal contact', () => {
    for (const role of PRACTICE_ROLES) expect(parsePracticeRole(role)).toBe(role);
    expect(parsePracticeRole('staff')).toBeUndefined();
    expect(INVITED_ROLES).toEqual(['member', 'primary']);
    expect(parseInvitedRole('member')).toBe('member');
    expect(parseInvitedRole('primary')).toBe('primary');
    expect(parseInvitedRole('principal')).toBeUndefined();
    expect(parseInvitedRole('')).toBeUndefined();
  });
});

describe('who may invite and remove', () => {
  const roles: (PracticeRole | undefined)[] = [...PRACTICE_ROLES, undefined];

  it('lets the principal and primary contacts invite, and nobody else', () => {
    expect(roles.map((role) => mayInvite(role))).toEqual([true, true, false, false]);
  });

  it('lets only the principal contact hand the role to someone else', () => {
    for (const actor of roles)
      for (const target of PRACTICE_ROLES)
        expect(mayHandOver(actor, target), `${actor} hands over to ${target}`).toBe(
          actor === 'principal' && target !== 'principal',
        );
  });

  it('lets only the principal contact remove, and never the principal contact', () => {
    for (const actor of roles)
      for (const target of PRACTICE_ROLES)
        expect(mayRemove(actor, target), `${actor} removes ${target}`).toBe(
          actor === 'principal' && target !== 'principal',
        );
  });
});

describe('an invitation', () => {
  it('takes an address by the spec’s e-mail rule and a role it may give', () => {
    expect(checkInvitation({ email: ' ana@example.com ', role: 'member' })).toEqual({ ok: true });
    expect(checkInvitation({ email: 'ana@example.com', role: 'primary' })).toEqual({ ok: true });
    for (const email of ['', 'ana', 'ana@example', 'ana@@example.com', 'a b@example.com'])
      expect(checkInvitation({ email, role: 'member' })).toMatchObject({
        ok: false,
        field: 'email',
      });
    for (const role of ['', 'principal', 'owner'])
      expect(checkInvitation({ email: 'ana@example.com', role })).toMatchObject({
        ok: false,
        field: 'role',
      });
  });

  it('compares addresses without case or spaces', () => {
    expect(emailKey('  Ana.Lee@Example.COM ')).toBe('ana.lee@example.com');
  });

  it('expires seven days after it is sent', () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(invitationExpiry(NOW)).toBe('2026-12-04T10:00:00.000Z');
  });

  it('is open until it expires, is taken up, withdrawn or replaced', () => {
    const expiresAt = invitationExpiry(NOW);
    const state = (status: InvitationStatus, at: Date) =>
      invitationState({ status, expiresAt }, at);
    expect(state('pending', NOW)).toBe('open');
    expect(state('pending', new Date(Date.parse(expiresAt) - 1))).toBe('open');
    expect(state('pending', new Date(expiresAt))).toBe('expired');
    expect(state('lapsed', NOW)).toBe('expired');
    expect(state('accepted', NOW)).toBe('used');
    expect(state('withdrawn', NOW)).toBe('withdrawn');
  });

  it('links to the join page with its secret in the query', () => {
    expect(practiceInvitationPath('a-b_c')).toBe('/0/partners/account/join?token=a-b_c');
  });
});
