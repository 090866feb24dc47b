import { describe, expect, it } from 'vitest';
import {
  accountDeletionState,
  deletionDueAt,
  isDeletionDue,
  mayResendDeletionLink,
  type AccountDeletionRecord,
} from './account-deletion.ts';
import { checkPreferenceLink, preferenceLinkPayload } from './preference-links.ts';

const requested: AccountDeletionRecord = {
  requestedAt: '2026-11-01T10:00:00.000Z',
  linkSentAt: '2026-11-01T10:00:00.000Z',
  confirmedAt: null,
  dueAt: null,
  cancelledAt: null,
  carriedOutAt: null,
};
const scheduled: AccountDeletionRecord = {
  ...requested,
  confirmedAt: '2026-11-01T11:00:00.000Z',
  dueAt: '2026-11-15T11:00:00.000Z',
};

describe('account deletion state', () => {
  it('is none without a request, or after a cancelled or carried-out one', () => {
    expect(accountDeletionState(undefined)).toEqual({ stage: 'none' });
    expect(accountDeletionState({ ...scheduled, cancelledAt: '2026-11-02T00:00:00.000Z' })).toEqual(
      { stage: 'none' },
    );
    expect(
      accountDeletionState({ ...scheduled, carriedOutAt: '2026-11-15T12:00:00.000Z' }),
    ).toEqual({ stage: 'none' });
  });

  it('awaits confirmation until the link is followed, then is scheduled', () => {
    expect(accountDeletionState(requested)).toEqual({
      stage: 'awaiting-confirmation',
      requestedAt: requested.requestedAt,
      linkSentAt: requested.linkSentAt,
    });
    expect(accountDeletionState(scheduled)).toEqual({
      stage: 'scheduled',
      confirmedAt: scheduled.confirmedAt,
      dueAt: scheduled.dueAt,
    });
  });
});

describe('the grace period', () => {
  it('runs the configured number of days from the confirmation', () => {
    expect(deletionDueAt(new Date('2026-11-01T11:00:00.000Z'), 14).toISOString()).toBe(
      '2026-11-15T11:00:00.000Z',
    );
    expect(deletionDueAt(new Date('2026-11-01T11:00:00.000Z'), 0).toISOString()).toBe(
      '2026-11-01T11:00:00.000Z',
    );
  });

  it('makes a deletion due at its time and not a millisecond before', () => {
    const state = accountDeletionState(scheduled);
    expect(isDeletionDue(state, new Date('2026-11-15T10:59:59.999Z'))).toBe(false);
    expect(isDeletionDue(state, new Date('2026-11-15T11:00:00.000Z'))).toBe(true);
    expect(isDeletionDue(accountDeletionState(requested), new Date('2030-01-01'))).toBe(false);
  });
});

describe('the confirmation e-mail', () => {
  it('goes out again only after ten minutes', () => {
    const sent = '2026-11-01T10:00:00.000Z';
    expect(mayResendDeletionLink(null, new Date(sent))).toBe(true);
    expect(mayResendDeletionLink(sent, new Date('2026-11-01T10:09:59.999Z'))).toBe(false);
    expect(mayResendDeletionLink(sent, new Date('2026-11-01T10:10:00.000Z'))).toBe(true);
  });

  it('carries a link that works for one day only', () => {
    const now = new Date('2026-11-01T10:00:00.000Z');
    const payload = preferenceLinkPayload('delete-account', 'mia@example.com', now);
    expect(checkPreferenceLink(payload, new Date('2026-11-02T10:00:00.000Z'), null)).toBe(
      undefined,
    );
    expect(checkPreferenceLink(payload, new Date('2026-11-02T10:00:00.001Z'), null)).toBe(
      'expired',
    );
  });
});
