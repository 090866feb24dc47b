import { describe, expect, it } from 'vitest';
import {
  answerFeedbackPath,
  answerFeedbackSchema,
  answerStreamRequestSchema,
  citationClickSchema,
  citationClicksPath,
  formatServerSentEvent,
  MAX_FEEDBACK_DETAILS,
} from './answer-contract.ts';
import { MAX_QUESTION_LENGTH } from './question.ts';

describe('answerStreamRequestSchema', () => {
  it('takes a hub and a question, with optional region and search id', () => {
    expect(
      answerStreamRequestSchema.parse({
        searchHub: 'H',
        q: 'Why?',
        userRegion: 'AU',
        searchId: 's',
      }),
    ).toEqual({ searchHub: 'H', q: 'Why?', userRegion: 'AU', searchId: 's' });
  });

  it.each([
    [{ q: 'Why?' }],
    [{ searchHub: 'H', q: '   ' }],
    [{ searchHub: 'H', q: 'x'.repeat(MAX_QUESTION_LENGTH + 1) }],
    [{ searchHub: 'H', q: 5 }],
    [{ searchHub: 'H', q: 'Why?', userRegion: 7 }],
  ])('refuses %j', (body) => {
    expect(answerStreamRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('answerFeedbackSchema', () => {
  it('takes a like, or a dislike with a reason and details', () => {
    expect(answerFeedbackSchema.safeParse({ helpful: true }).success).toBe(true);
    expect(
      answerFeedbackSchema.safeParse({ helpful: false, reason: 'outdated', details: 'Old' })
        .success,
    ).toBe(true);
  });

  it('refuses a reason with a like, unknown reasons, long details and no verdict', () => {
    expect(answerFeedbackSchema.safeParse({ helpful: true, reason: 'other' }).success).toBe(false);
    expect(answerFeedbackSchema.safeParse({ helpful: false, reason: 'boring' }).success).toBe(
      false,
    );
    expect(
      answerFeedbackSchema.safeParse({
        helpful: false,
        details: 'x'.repeat(MAX_FEEDBACK_DETAILS + 1),
      }).success,
    ).toBe(false);
    expect(answerFeedbackSchema.safeParse({ reason: 'other' }).success).toBe(false);
  });
});

describe('citationClickSchema', () => {
  it('needs a citation id', () => {
    expect(citationClickSchema.safeParse({ citationId: 'ka0' }).success).toBe(true);
    expect(citationClickSchema.safeParse({ citationId: '' }).success).toBe(false);
  });
});

describe('paths and events', () => {
  it('builds the feedback and click paths', () => {
    expect(answerFeedbackPath('a0A1')).toBe('/api/answers/a0A1/feedback');
    expect(citationClicksPath('a/b')).toBe('/api/answers/a%2Fb/citation-clicks');
  });

  it('writes an event as event and data lines with a blank line after', () => {
    expect(formatServerSentEvent({ event: 'delta', data: { text: 'Hi\nthere' } })).toBe(
      'event: delta\ndata: {"text":"Hi\\nthere"}\n\n',
    );
  });
});
