import { describe, expect, it } from 'vitest';
import {
  closesAt,
  closingCutoff,
  isDueToClose,
  mayMarkSolved,
  mayRate,
  reopenOutcome,
  statusAfterMessage,
} from './case-status.ts';

const solvedAt = '2026-03-01T10:00:00.000Z';
const day = 24 * 60 * 60 * 1000;
const after = (days: number) => new Date(Date.parse(solvedAt) + days * day);

describe('reopening and closing', () => {
  it('reopens a solved case within 14 days, and makes a follow-up after', () => {
    expect(reopenOutcome({ status: 'solved', solvedAt }, after(13.9))).toBe('reopen');
    expect(reopenOutcome({ status: 'solved', solvedAt }, after(14))).toBe('follow-up');
    expect(reopenOutcome({ status: 'closed', solvedAt }, after(1))).toBe('follow-up');
    expect(reopenOutcome({ status: 'open', solvedAt: null }, after(1))).toBe('none');
  });

  it('closes a solved case 14 days after solving, never an open one', () => {
    expect(closesAt(new Date(solvedAt)).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(isDueToClose({ status: 'solved', solvedAt }, after(13.99))).toBe(false);
    expect(isDueToClose({ status: 'solved', solvedAt }, after(14))).toBe(true);
    expect(isDueToClose({ status: 'open', solvedAt }, after(30))).toBe(false);
    expect(isDueToClose({ status: 'solved', solvedAt: null }, after(30))).toBe(false);
    expect(closingCutoff(after(14)).toISOString()).toBe(solvedAt);
  });
});

describe('the status after a message', () => {
  const now = after(1);
  it("waits for the customer after an agent's reply", () => {
    expect(statusAfterMessage({ status: 'new', solvedAt: null }, 'agent', now)).toBe(
      'awaiting-reply',
    );
    expect(statusAfterMessage({ status: 'open', solvedAt: null }, 'agent', now)).toBe(
      'awaiting-reply',
    );
  });
  it("goes back to the team after a customer's or colleague's message", () => {
    expect(statusAfterMessage({ status: 'new', solvedAt: null }, 'customer', now)).toBe('new');
    expect(statusAfterMessage({ status: 'awaiting-reply', solvedAt: null }, 'colleague', now)).toBe(
      'open',
    );
    expect(statusAfterMessage({ status: 'solved', solvedAt }, 'customer', now)).toBe('open');
  });
  it('takes no message on a closed case or one solved past its window', () => {
    expect(statusAfterMessage({ status: 'closed', solvedAt }, 'customer', now)).toBeUndefined();
    expect(statusAfterMessage({ status: 'solved', solvedAt }, 'customer', after(15))).toBe(
      undefined,
    );
  });
});

describe('solving and rating', () => {
  it('marks solved only while the case is worked on, and rates once it is solved', () => {
    expect(['new', 'open', 'awaiting-reply'].every((s) => mayMarkSolved(s as never))).toBe(true);
    expect(mayMarkSolved('solved')).toBe(false);
    expect(mayMarkSolved('closed')).toBe(false);
    expect(mayRate('solved')).toBe(true);
    expect(mayRate('closed')).toBe(true);
    expect(mayRate('open')).toBe(false);
  });
});
