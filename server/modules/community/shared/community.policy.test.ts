import { describe, expect, it } from 'vitest';
import { GUEST, type PortalUser, type Viewer } from '~server/modules/identity';
import { CommunityError } from './community-error.ts';
import {
  isModerator,
  mayEdit,
  mayFlag,
  mayMarkBest,
  mayReply,
  maySee,
  mayUpvote,
  requireMember,
  requireModerator,
} from './community.policy.ts';

const user = (id: string, canViewSetup = false): PortalUser => ({
  id,
  issuer: 'test',
  subject: id,
  email: null,
  firstName: 'Test',
  lastName: 'User',
  isPartner: false,
  isPrimaryContact: false,
  isPrincipalContact: false,
  market: null,
  partnerProductInterestClient: null,
  partnerProductInterestPractice: null,
  canViewSetup,
  isAgent: false,
  organisationId: null,
});
const asker = user('asker');
const other = user('other');
const admin = user('admin', true);
const signedIn = (who: PortalUser): Viewer => ({ isGuest: false, user: who, sessionId: 's' });
const open = { hidden: false, locked: false, authorId: 'asker' };
const locked = { ...open, locked: true };
const hidden = { ...open, hidden: true };
const answer = { hidden: false, authorId: 'other' };

describe('community policy', () => {
  it('makes admins (the setup-viewing permission) moderators', () => {
    expect(isModerator(admin)).toBe(true);
    expect(isModerator(asker)).toBe(false);
    expect(isModerator(null)).toBe(false);
  });

  it('asks guests to sign in and refuses moderation to members', () => {
    expect(() => requireMember(GUEST)).toThrow(CommunityError);
    expect(requireMember(signedIn(asker))).toBe(asker);
    expect(() => requireModerator(signedIn(asker))).toThrow('Only community moderators');
    expect(requireModerator(signedIn(admin))).toBe(admin);
  });

  it('shows hidden items only to moderators and their author', () => {
    expect(maySee(null, open)).toBe(true);
    expect(maySee(null, hidden)).toBe(false);
    expect(maySee(other, hidden)).toBe(false);
    expect(maySee(asker, hidden)).toBe(true);
    expect(maySee(admin, hidden)).toBe(true);
  });

  it('lets members reply to open discussions, and moderators to locked ones', () => {
    expect(mayReply(null, open)).toBe(false);
    expect(mayReply(other, open)).toBe(true);
    expect(mayReply(other, locked)).toBe(false);
    expect(mayReply(admin, locked)).toBe(true);
    expect(mayReply(admin, hidden)).toBe(false);
  });

  it('lets authors alone edit, while the discussion is open', () => {
    expect(mayEdit(other, answer, open)).toBe(true);
    expect(mayEdit(asker, answer, open)).toBe(false);
    expect(mayEdit(admin, answer, open)).toBe(false);
    expect(mayEdit(other, answer, locked)).toBe(false);
  });

  it('refuses upvoting and flagging one’s own post', () => {
    expect(mayUpvote(asker, answer)).toBe(true);
    expect(mayUpvote(other, answer)).toBe(false);
    expect(mayUpvote(null, answer)).toBe(false);
    expect(mayUpvote(asker, { ...answer, hidden: true })).toBe(false);
    expect(mayFlag(asker, answer)).toBe(true);
    expect(mayFlag(other, answer)).toBe(false);
  });

  it('lets the asker or a moderator mark the best answer', () => {
    expect(mayMarkBest(asker, open, answer)).toBe(true);
    expect(mayMarkBest(other, open, answer)).toBe(false);
    expect(mayMarkBest(admin, open, answer)).toBe(true);
    expect(mayMarkBest(asker, locked, answer)).toBe(false);
    expect(mayMarkBest(admin, locked, answer)).toBe(true);
    expect(mayMarkBest(asker, open, { ...answer, hidden: true })).toBe(false);
  });
});
