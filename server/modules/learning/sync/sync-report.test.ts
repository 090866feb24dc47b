import { describe, expect, it } from 'vitest';
import type { SyncReport } from '../learning.service.ts';
import { formatSyncReport } from './sync-report.ts';

const counts = { created: 1, updated: 2, unchanged: 3, removed: 4 };
const stored = { items: 5, sessions: 6, nextClasses: 7, certifications: 8 };

describe('formatSyncReport', () => {
  it('sums up what changed and what is stored', () => {
    const report: SyncReport = {
      ok: true,
      items: counts,
      certifications: counts,
      stored,
      problems: [],
    };
    expect(formatSyncReport(report)).toEqual([
      'items: 1 created, 2 updated, 3 unchanged, 4 removed',
      'certifications: 1 created, 2 updated, 3 unchanged, 4 removed',
      'Stored: 5 items, 6 sessions, 7 next class dates, 8 certifications.',
    ]);
  });

  it('names every bad record and says nothing changed', () => {
    const report: SyncReport = {
      ok: false,
      items: counts,
      certifications: counts,
      stored,
      problems: [
        { id: 'A', reason: 'title must not be empty' },
        { id: 'items[2]', reason: 'id is missing' },
      ],
    };
    expect(formatSyncReport(report)).toEqual([
      'A: title must not be empty',
      'items[2]: id is missing',
      '2 bad records: nothing was changed.',
    ]);
    expect(formatSyncReport({ ...report, problems: report.problems.slice(0, 1) }).at(-1)).toBe(
      '1 bad record: nothing was changed.',
    );
  });
});
