import { describe, expect, it } from 'vitest';
import {
  communityDate,
  discussionCounts,
  formIdempotencyKey,
  postAnchor,
  returnPath,
} from './display.ts';

/** The service's rule for idempotency keys (core/community/posting-rules.ts). */
const KEY_RULE = /^[A-Za-z0-9_-]{8,64}$/;

describe('communityDate (spec 9: discussions use D Month YYYY)', () => {
  it('writes an ISO time as day, full month and year, in UTC', () => {
    expect(communityDate('2026-03-05T10:00:00.000Z')).toBe('5 March 2026');
    expect(communityDate('2025-12-31T23:59:59.000Z')).toBe('31 December 2025');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(communityDate(null)).toBe('');
    expect(communityDate(undefined)).toBe('');
    expect(communityDate('')).toBe('');
    expect(communityDate('not a date')).toBe('');
  });
});

describe('discussionCounts (spec 5: plurals)', () => {
  it("adds an 's' unless the count is 1", () => {
    expect(discussionCounts({ answerCount: 1, upvoteCount: 0 })).toEqual(['1 answer', '0 upvotes']);
    expect(discussionCounts({ answerCount: 3, upvoteCount: 1 })).toEqual(['3 answers', '1 upvote']);
  });
});

describe('post anchors and return paths', () => {
  it('names each post by its id', () => {
    expect(postAnchor('0D5000000000000001')).toBe('post-0D5000000000000001');
  });

  it('returns a guest to the page, its query and the place on it', () => {
    expect(returnPath('/s/question/0D5000000000000001', '?language=en_US', 'answer')).toBe(
      '/s/question/0D5000000000000001?language=en_US#answer',
    );
    expect(returnPath('/0/community', '')).toBe('/0/community');
  });
});

describe('formIdempotencyKey', () => {
  const token = '0123456789abcdef0123456789abcdef';

  it("fits the service's rule", () => {
    expect(formIdempotencyKey(token, 'answer')).toMatch(KEY_RULE);
    expect(formIdempotencyKey(token, 'comment-0D5000000000000001')).toMatch(KEY_RULE);
    expect(formIdempotencyKey(token, 'x'.repeat(200))).toMatch(KEY_RULE);
    expect(formIdempotencyKey(token, 'odd name:with/characters')).toMatch(KEY_RULE);
  });

  it('is the same for one form of one page, so a double submit carries one key', () => {
    expect(formIdempotencyKey(token, 'answer')).toBe(formIdempotencyKey(token, 'answer'));
  });

  it("differs between a page's forms and between pages", () => {
    expect(formIdempotencyKey(token, 'comment-0D5000000000000001')).not.toBe(
      formIdempotencyKey(token, 'comment-0D5000000000000002'),
    );
    expect(formIdempotencyKey(token, 'answer')).not.toBe(
      formIdempotencyKey('fedcba9876543210fedcba9876543210', 'answer'),
    );
  });

  it('keeps the end of a long form name, which tells posts apart', () => {
    const long = `comment-${'a'.repeat(60)}`;
    expect(formIdempotencyKey(token, `${long}1`)).not.toBe(formIdempotencyKey(token, `${long}2`));
  });
});
