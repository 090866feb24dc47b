import { describe, expect, it } from 'vitest';
import {
  checkCompletionNotes,
  checkRating,
  COMPLETION_NOTES_MAX,
  nextServiceJobStep,
  parseServiceJobStatus,
  RATING_COMMENT_MAX,
  serviceJobKindLabel,
  serviceJobStepFrom,
  serviceJobStepTo,
  serviceJobVisibleTo,
} from './service-jobs.ts';

describe('service job steps', () => {
  it.each([
    ['offered', 'accept'],
    ['accepted', 'start'],
    ['in-progress', 'complete'],
    ['completed', null],
  ] as const)('a job %s waits for %s', (status, step) => {
    expect(nextServiceJobStep(status)).toBe(step);
  });

  it('moves each step from one status to the next', () => {
    expect([serviceJobStepFrom('accept'), serviceJobStepTo('accept')]).toEqual([
      'offered',
      'accepted',
    ]);
    expect([serviceJobStepFrom('start'), serviceJobStepTo('start')]).toEqual([
      'accepted',
      'in-progress',
    ]);
    expect([serviceJobStepFrom('complete'), serviceJobStepTo('complete')]).toEqual([
      'in-progress',
      'completed',
    ]);
  });

  it('reads only known statuses and labels kinds', () => {
    expect(parseServiceJobStatus('in-progress')).toBe('in-progress');
    expect(parseServiceJobStatus('done')).toBeUndefined();
    expect(serviceJobKindLabel('set-up')).toBe('Set-up');
    expect(serviceJobKindLabel('audit')).toBe('audit');
  });
});

describe('who sees a job', () => {
  it('shows an offer to any practice and to partners without one', () => {
    expect(serviceJobVisibleTo({ status: 'offered', practiceId: null }, 'p1')).toBe(true);
    expect(serviceJobVisibleTo({ status: 'offered', practiceId: null }, null)).toBe(true);
  });

  it('shows a taken job only to the practice that took it', () => {
    const job = { status: 'accepted', practiceId: 'p1' } as const;
    expect(serviceJobVisibleTo(job, 'p1')).toBe(true);
    expect(serviceJobVisibleTo(job, 'p2')).toBe(false);
    expect(serviceJobVisibleTo(job, null)).toBe(false);
    expect(serviceJobVisibleTo({ status: 'completed', practiceId: 'p1' }, 'p2')).toBe(false);
  });
});

describe('completion notes', () => {
  it('wants words, trimmed, and not too many', () => {
    expect(checkCompletionNotes('  Books in.  ')).toEqual({ ok: true, value: 'Books in.' });
    expect(checkCompletionNotes('   ').ok).toBe(false);
    expect(checkCompletionNotes('x'.repeat(COMPLETION_NOTES_MAX)).ok).toBe(true);
    expect(checkCompletionNotes('x'.repeat(COMPLETION_NOTES_MAX + 1)).ok).toBe(false);
  });
});

describe('the client’s rating', () => {
  it.each(['1', '3', '5'])('takes %s stars', (stars) => {
    expect(checkRating(stars, '')).toEqual({
      ok: true,
      value: { stars: Number(stars), comment: null },
    });
  });

  it.each(['0', '6', '', '4.5', ' 4', 'five'])('refuses %j stars at the stars field', (stars) => {
    expect(checkRating(stars, '')).toMatchObject({ ok: false, field: 'stars' });
  });

  it('keeps a trimmed comment and refuses a long one at its field', () => {
    expect(checkRating('4', ' Quick work ')).toEqual({
      ok: true,
      value: { stars: 4, comment: 'Quick work' },
    });
    expect(checkRating('4', 'x'.repeat(RATING_COMMENT_MAX + 1))).toMatchObject({
      ok: false,
      field: 'comment',
    });
  });
});
