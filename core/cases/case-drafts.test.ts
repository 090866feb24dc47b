import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_FILES } from './case-attachments.ts';
import {
  DRAFT_FILE_HOURS,
  draftCutoff,
  draftRoomProblem,
  draftStanding,
  type DraftOwnership,
} from './case-drafts.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const mine = (touchedAt: string): DraftOwnership => ({
  userId: '005mia',
  queue: 'customer',
  touchedAt,
});

describe('whose a draft of the raise flow is', () => {
  it('is the asker’s own within its time, in the flow it was made in', () => {
    expect(draftStanding(mine(hoursAgo(0)), { userId: '005mia', queue: 'customer' }, NOW)).toBe(
      'own',
    );
    expect(
      draftStanding(mine(hoursAgo(DRAFT_FILE_HOURS)), { userId: '005mia', queue: 'customer' }, NOW),
    ).toBe('own');
  });

  it('is not found for another person or the other flow, however fresh', () => {
    expect(draftStanding(mine(hoursAgo(0)), { userId: '005sam', queue: 'customer' }, NOW)).toBe(
      'not-found',
    );
    expect(draftStanding(mine(hoursAgo(0)), { userId: '005mia', queue: 'partner' }, NOW)).toBe(
      'not-found',
    );
    // Another person's lapsed draft is still not theirs to hear about.
    expect(draftStanding(mine(hoursAgo(48)), { userId: '005sam', queue: 'customer' }, NOW)).toBe(
      'not-found',
    );
  });

  it('has lapsed once its time is past, or when it is gone', () => {
    const justPast = new Date(NOW.getTime() - DRAFT_FILE_HOURS * 3_600_000 - 1).toISOString();
    expect(draftStanding(mine(justPast), { userId: '005mia', queue: 'customer' }, NOW)).toBe(
      'lapsed',
    );
    expect(draftStanding(undefined, { userId: '005mia', queue: 'customer' }, NOW)).toBe('lapsed');
  });

  it('lapses 24 hours after it last changed', () => {
    expect(DRAFT_FILE_HOURS).toBe(24);
    expect(draftCutoff(NOW).toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('room for more files in a draft', () => {
  it('takes files up to the limit of one case', () => {
    expect(draftRoomProblem(0, ATTACHMENT_MAX_FILES)).toBeUndefined();
    expect(draftRoomProblem(4, ATTACHMENT_MAX_FILES - 4)).toBeUndefined();
    expect(draftRoomProblem(ATTACHMENT_MAX_FILES, 0)).toBeUndefined();
  });

  it('says how many more fit when there are too many', () => {
    expect(draftRoomProblem(0, 11)).toBe('Attach at most 10 files to one case.');
    expect(draftRoomProblem(1, 10)).toBe(
      'Attach at most 10 files to one case: 1 is attached already, so add at most 9 more.',
    );
    expect(draftRoomProblem(8, 3)).toBe(
      'Attach at most 10 files to one case: 8 are attached already, so add at most 2 more.',
    );
    expect(draftRoomProblem(10, 1)).toBe(
      'Attach at most 10 files to one case: 10 are attached already, so remove one first.',
    );
  });
});
