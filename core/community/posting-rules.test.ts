import { describe, expect, it } from 'vitest';
import { ideaPath, IDEAS_PATH } from '../routes/index.ts';
import {
  answerInput,
  commentInput,
  COMMENT_MAX,
  discussionEditInput,
  discussionInput,
  excerptOf,
  flagInput,
  ideaInput,
  IDEA_STATUS_LABELS,
  IDEA_STATUSES,
  isIdeaStatus,
  MAX_TOPICS,
  mayPostNow,
  POSTING_LIMIT,
  POSTING_WINDOW_MS,
  profileInput,
  ABOUT_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from './index.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('idea statuses', () => {
  it('are the five of the issue, each with a label', () => {
    expect(IDEA_STATUSES).toEqual(['new', 'under review', 'planned', 'shipped', 'declined']);
    expect(Object.keys(IDEA_STATUS_LABELS)).toEqual([...IDEA_STATUSES]);
  });

  it('recognises only those', () => {
    expect(isIdeaStatus('planned')).toBe(true);
    expect(isIdeaStatus('Planned')).toBe(false);
    expect(isIdeaStatus(3)).toBe(false);
  });
});

describe('discussion input', () => {
  const valid = { title: 'Bank feed stopped', body: 'Details' };

  it('trims title and body and normalises line ends', () => {
    expect(
      discussionInput.parse({ ...valid, title: '  Bank feed stopped ', body: 'a\r\nb ' }),
    ).toMatchObject({
      title: 'Bank feed stopped',
      body: 'a\nb',
      topicIds: [],
    });
  });

  it(`wants a title of ${TITLE_MIN} to ${TITLE_MAX} characters`, () => {
    expect(firstMessage(discussionInput.safeParse({ ...valid, title: 'Too short' }))).toBe(
      `Title needs at least ${TITLE_MIN} characters.`,
    );
    expect(
      firstMessage(discussionInput.safeParse({ ...valid, title: 'x'.repeat(TITLE_MAX + 1) })),
    ).toBe(`Title can be at most ${TITLE_MAX} characters.`);
  });

  it('wants a body', () => {
    expect(firstMessage(discussionInput.safeParse({ ...valid, body: '   ' }))).toBe(
      'Question details is required.',
    );
    expect(firstMessage(discussionInput.safeParse({ title: valid.title }))).toBe(
      'Question details is required.',
    );
  });

  it(`takes at most ${MAX_TOPICS} topics, and an empty product as none`, () => {
    const topics = Array.from({ length: MAX_TOPICS + 1 }, (_, index) => `t${index}`);
    expect(discussionInput.safeParse({ ...valid, topicIds: topics }).success).toBe(false);
    expect(discussionInput.parse({ ...valid, product: '' }).product).toBeUndefined();
  });

  it('takes an idempotency key of 8 to 64 letters, digits, - and _', () => {
    expect(discussionInput.parse({ ...valid, idempotencyKey: 'abc_DEF-123' }).idempotencyKey).toBe(
      'abc_DEF-123',
    );
    expect(discussionInput.safeParse({ ...valid, idempotencyKey: 'short' }).success).toBe(false);
    expect(discussionInput.safeParse({ ...valid, idempotencyKey: 'has space!' }).success).toBe(
      false,
    );
  });
});

describe('answers, comments and profile text', () => {
  it('want some text', () => {
    expect(firstMessage(answerInput.safeParse({ body: ' ' }))).toBe('Answer is required.');
    expect(firstMessage(commentInput.safeParse({ body: '' }))).toBe('Comment is required.');
  });

  it(`limit comments to ${COMMENT_MAX} characters`, () => {
    expect(commentInput.safeParse({ body: 'x'.repeat(COMMENT_MAX) }).success).toBe(true);
    expect(commentInput.safeParse({ body: 'x'.repeat(COMMENT_MAX + 1) }).success).toBe(false);
  });

  it(`let the about text be empty, up to ${ABOUT_MAX} characters`, () => {
    expect(profileInput.parse({ about: '  ' }).about).toBe('');
    expect(profileInput.safeParse({ about: 'x'.repeat(ABOUT_MAX + 1) }).success).toBe(false);
  });
});

describe('flags', () => {
  it('need a known reason', () => {
    expect(flagInput.safeParse({ reason: 'spam' }).success).toBe(true);
    expect(firstMessage(flagInput.safeParse({ reason: 'boring' }))).toBe(
      'Choose why you are reporting this.',
    );
  });

  it("need a note for 'other'", () => {
    expect(firstMessage(flagInput.safeParse({ reason: 'other', note: ' ' }))).toBe(
      'Say what is wrong with it.',
    );
    expect(flagInput.parse({ reason: 'other', note: ' Copied from my blog ' }).note).toBe(
      'Copied from my blog',
    );
  });
});

describe('mayPostNow', () => {
  const now = 1_000_000_000;
  const recent = (count: number, ago = 1000) => Array.from({ length: count }, () => now - ago);

  it(`allows up to ${POSTING_LIMIT} posts in the window`, () => {
    expect(mayPostNow(recent(POSTING_LIMIT - 1), now)).toBe(true);
    expect(mayPostNow(recent(POSTING_LIMIT), now)).toBe(false);
  });

  it('counts only posts inside the window', () => {
    expect(mayPostNow(recent(POSTING_LIMIT, POSTING_WINDOW_MS), now)).toBe(true);
    expect(mayPostNow(recent(POSTING_LIMIT, POSTING_WINDOW_MS - 1), now)).toBe(false);
  });
});

describe('excerptOf', () => {
  it('keeps a short text, flattening whitespace', () => {
    expect(excerptOf('  one\n two  ')).toBe('one two');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    expect(excerptOf('alpha beta gamma delta', 12)).toBe('alpha beta…');
  });

  it('cuts inside a word when there is no space late enough', () => {
    expect(excerptOf('abcdefghijklmnop', 5)).toBe('abcde…');
  });
});

describe('idea paths', () => {
  it('live under /s/ideas', () => {
    expect(IDEAS_PATH).toBe('/s/ideas');
    expect(ideaPath('087abc')).toBe('/s/ideas/087abc');
  });
});

describe('titles lose invisible and bidi control characters', () => {
  it.each([discussionInput, discussionEditInput, ideaInput])('in every title field', (schema) => {
    const parsed = schema.parse({
      title: '\u202EPayroll\u200B totals differ\u2066',
      body: 'Details of the question.',
    });
    expect(parsed.title).toBe('Payroll totals differ');
  });

  it('counts the minimum length without them', () => {
    const result = discussionInput.safeParse({
      title: `Payroll${'\u200B'.repeat(10)}`,
      body: 'Details.',
    });
    expect(result.success).toBe(false);
  });
});
