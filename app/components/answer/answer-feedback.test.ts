import { describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '~core/answers';
import { DISLIKE_REASONS, dislikeBody, isDislikeReason } from './answer-feedback.ts';

describe('dislike feedback', () => {
  it('offers exactly the contract’s reasons, in its order', () => {
    expect(DISLIKE_REASONS.map((reason) => reason.value)).toEqual([...FEEDBACK_REASONS]);
    expect(new Set(DISLIKE_REASONS.map((reason) => reason.label)).size).toBe(6);
  });

  it('recognises reasons exactly', () => {
    expect(isDislikeReason('too-long')).toBe(true);
    expect(isDislikeReason('Too-long')).toBe(false);
    expect(isDislikeReason('')).toBe(false);
  });

  it('asks for a reason', () => {
    expect(dislikeBody('', 'text')).toEqual({ error: 'Choose what was wrong with the answer.' });
    expect(dislikeBody('bad', '')).toEqual({ error: 'Choose what was wrong with the answer.' });
  });

  it('sends the text trimmed, and only when there is some', () => {
    expect(dislikeBody('outdated', '  It mentions the old menu. ')).toEqual({
      body: { helpful: false, reason: 'outdated', details: 'It mentions the old menu.' },
    });
    expect(dislikeBody('other', '   ')).toEqual({ body: { helpful: false, reason: 'other' } });
  });

  it('refuses text over the limit and takes text at it', () => {
    expect(dislikeBody('other', 'x'.repeat(1000))).toMatchObject({ body: { reason: 'other' } });
    expect(dislikeBody('other', 'x'.repeat(1001))).toEqual({
      error: 'Keep your comment to 1000 characters or fewer.',
    });
  });
});
