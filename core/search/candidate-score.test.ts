import { describe, expect, it } from 'vitest';
import {
  ANSWERED_BOOST,
  BEST_ANSWER_BOOST,
  candidateScore,
  MATCHING_REGION_BOOST,
  OTHER_REGION_FACTOR,
  signalFactor,
  type ScoredCandidate,
} from './candidate-score.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const page = (extra: Partial<ScoredCandidate> = {}): ScoredCandidate => ({
  relevance: 1,
  allMask: 0b11,
  titleMask: 0,
  near: false,
  title: 'Send an invoice to a customer',
  region: null,
  objecttype: 'Knowledge__kav',
  commonContentType: 'Article',
  date: '2026-11-01',
  bestAnswer: false,
  answers: 0,
  ...extra,
});
const score = (extra: Partial<ScoredCandidate> = {}, text = 'invoice reminder', region?: string) =>
  candidateScore(page(extra), {
    weights: [1, 3],
    text,
    now: NOW,
    ...(region ? { region } : {}),
  }).score;

describe('candidate score', () => {
  it('ranks a page with all words above one with the rarer word only, above one with the common word only', () => {
    expect(score()).toBeGreaterThan(score({ allMask: 0b10 }));
    expect(score({ allMask: 0b10 })).toBeGreaterThan(score({ allMask: 0b01 }));
  });

  it('keeps a floor for a page matching only part of the query', () => {
    expect(score({ allMask: 0 })).toBeCloseTo((0.15 * score()) / 1, 5);
  });

  it('ranks words in the title, a title of just those words and close words higher', () => {
    expect(score({ titleMask: 0b11 })).toBeGreaterThan(score());
    expect(score({ titleMask: 0b11, title: 'Invoice reminder' })).toBeGreaterThan(
      score({ titleMask: 0b11 }),
    );
    expect(score({ near: true })).toBeGreaterThan(score());
  });

  it('puts a page titled just the query first', () => {
    const exact = candidateScore(page({ title: 'Invoice Reminder' }), {
      weights: [1, 3],
      text: ' invoice reminder',
      now: NOW,
    });
    expect(exact.exactTitle).toBe(true);
    expect(candidateScore(page(), { weights: [1], text: 'invoice', now: NOW }).exactTitle).toBe(
      false,
    );
  });
});

describe('signals', () => {
  const discussion = (extra: Partial<ScoredCandidate>) =>
    page({ objecttype: 'FeedItem', commonContentType: 'Discussion', ...extra });

  it('favours the visitor’s region and lowers other regions', () => {
    expect(signalFactor(page({ region: 'AU' }), 'AU', NOW)).toBe(MATCHING_REGION_BOOST);
    expect(signalFactor(page({ region: 'UK' }), 'AU', NOW)).toBe(OTHER_REGION_FACTOR);
    expect(signalFactor(page({ region: 'UK' }), undefined, NOW)).toBe(1);
  });

  it('ranks answered and best-answered discussions above unanswered ones', () => {
    const plain = signalFactor(discussion({}), undefined, NOW);
    expect(signalFactor(discussion({ answers: 2 }), undefined, NOW) / plain).toBeCloseTo(
      ANSWERED_BOOST,
    );
    expect(
      signalFactor(discussion({ answers: 2, bestAnswer: true }), undefined, NOW) / plain,
    ).toBeCloseTo(BEST_ANSWER_BOOST);
  });

  it('ranks recent discussions above old and undated ones; articles do not age', () => {
    const recent = signalFactor(discussion({ date: '2026-11-25' }), undefined, NOW);
    const old = signalFactor(discussion({ date: '2024-01-01' }), undefined, NOW);
    expect(recent).toBeGreaterThan(old);
    expect(signalFactor(discussion({ date: null }), undefined, NOW)).toBeCloseTo(old, 2);
    expect(signalFactor(page({ date: '2020-01-01' }), undefined, NOW)).toBe(1);
  });
});
