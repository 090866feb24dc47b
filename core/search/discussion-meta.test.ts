import { describe, expect, it } from 'vitest';
import { discussionDateLabel, discussionMeta } from './discussion-meta.ts';

describe('discussion meta (spec 2.6, 9)', () => {
  it.each([
    ['2026-03-05T10:00:00Z', '5 March 2026'],
    ['2026-12-31T23:59:59Z', '31 December 2026'],
    ['2025-01-01T00:00:00Z', '1 January 2025'],
  ])("shows %s as 'D Month YYYY' (%s)", (iso, label) => {
    expect(discussionDateLabel(new Date(iso))).toBe(label);
  });

  it("adds 'Answered' when the comment count is above 0", () => {
    expect(discussionMeta({ sfcreateddate: '2026-03-05T10:00:00Z', sfcommentcount: 2 })).toEqual([
      '5 March 2026',
      'Answered',
    ]);
    expect(discussionMeta({ sfcreateddate: '2026-03-05', sfcommentcount: '1' })).toEqual([
      '5 March 2026',
      'Answered',
    ]);
  });

  it("leaves out 'Answered' at 0 comments or without a count", () => {
    expect(discussionMeta({ sfcreateddate: '2026-03-05', sfcommentcount: 0 })).toEqual([
      '5 March 2026',
    ]);
    expect(discussionMeta({ sfcreateddate: '2026-03-05' })).toEqual(['5 March 2026']);
    expect(discussionMeta({ sfcreateddate: '2026-03-05', sfcommentcount: 'many' })).toEqual([
      '5 March 2026',
    ]);
  });

  it('reads dates given as milliseconds, as search indexes store them', () => {
    expect(discussionMeta({ sfcreateddate: Date.UTC(2026, 2, 5, 12) })).toEqual(['5 March 2026']);
    expect(discussionMeta({ sfcreateddate: String(Date.UTC(2026, 2, 5, 12)) })).toEqual([
      '5 March 2026',
    ]);
  });

  it('shows no date when it is missing or unreadable', () => {
    expect(discussionMeta({ sfcommentcount: 3 })).toEqual(['Answered']);
    expect(discussionMeta({ sfcreateddate: 'yesterday' })).toEqual([]);
    expect(discussionMeta(undefined)).toEqual([]);
  });
});
