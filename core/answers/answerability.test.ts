import { describe, expect, it } from 'vitest';
import { coverage, isAnswerable, MIN_COVERAGE, NO_ANSWER_TEXT } from './answerability.ts';

const weights: Record<string, number> = { bank: 1, feed: 2, sourdough: 7 };
const weight = (term: string) => weights[term] ?? 0;

describe('coverage', () => {
  it('is the share of the question weight matched', () => {
    expect(coverage(['bank', 'feed'], ['bank'], weight)).toBeCloseTo(1 / 3);
    expect(coverage(['bank', 'feed'], ['bank', 'feed'], weight)).toBe(1);
    expect(coverage(['bank', 'bank', 'feed'], ['feed'], weight)).toBeCloseTo(2 / 3);
  });

  it('is 0 when the question has no weight', () => {
    expect(coverage([], [], weight)).toBe(0);
    expect(coverage(['unknown'], ['unknown'], weight)).toBe(0);
  });
});

describe('isAnswerable', () => {
  it('answers when the best passage covers enough of the question', () => {
    expect(isAnswerable(['bank', 'feed'], { matched: ['bank', 'feed'] }, weight)).toBe(true);
    expect(isAnswerable(['bank', 'feed'], { matched: ['feed'] }, weight)).toBe(true);
  });

  it('declines when the question is mostly about something the content lacks', () => {
    expect(isAnswerable(['bank', 'sourdough'], { matched: ['bank'] }, weight)).toBe(false);
  });

  it('declines at just under the threshold and answers at it', () => {
    const w = (term: string) => ({ a: MIN_COVERAGE, b: 1 - MIN_COVERAGE })[term] ?? 0;
    expect(isAnswerable(['a', 'b'], { matched: ['a'] }, w)).toBe(true);
    expect(isAnswerable(['a', 'b'], { matched: ['b'] }, w)).toBe(MIN_COVERAGE <= 0.5);
  });

  it('declines without terms or passages', () => {
    expect(isAnswerable([], { matched: [] }, weight)).toBe(false);
    expect(isAnswerable(['bank'], undefined, weight)).toBe(false);
  });

  it('has a no-answer sentence', () => {
    expect(NO_ANSWER_TEXT).toMatch(/couldn't find an answer/);
  });
});
