import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostedAnnouncer } from './PostedAnnouncer.tsx';
import {
  announcePost,
  expectPost,
  focusPost,
  forgetPost,
  posted,
  postedTarget,
  takePendingPost,
} from './posted.ts';

const DISCUSSION = '/s/question/0D5000000000000001';

afterEach(() => {
  takePendingPost();
});

describe('where focus goes after posting', () => {
  it('lands on a new answer or comment at its anchor on the same page', () => {
    const answer = { kind: 'answer', from: DISCUSSION } as const;
    expect(postedTarget(answer, { pathname: DISCUSSION, hash: '#post-0D7x' }, 'post-q')).toBe(
      'post-0D7x',
    );
    const comment = { kind: 'comment', from: DISCUSSION } as const;
    expect(postedTarget(comment, { pathname: DISCUSSION, hash: '#post-0D7y' }, 'post-q')).toBe(
      'post-0D7y',
    );
  });

  it('lands on a new discussion or idea, which opens its own page', () => {
    const question = { kind: 'question', from: '/s/start-a-discussion' } as const;
    expect(postedTarget(question, { pathname: DISCUSSION, hash: '' }, 'post-q')).toBe('post-q');
    const idea = { kind: 'idea', from: '/s/ideas' } as const;
    expect(postedTarget(idea, { pathname: '/s/ideas/087x', hash: '' }, 'post-i')).toBe('post-i');
  });

  it('goes nowhere when the form came back refused', () => {
    const answer = { kind: 'answer', from: DISCUSSION } as const;
    expect(postedTarget(answer, { pathname: DISCUSSION, hash: '' }, 'post-q')).toBeNull();
    expect(postedTarget(answer, { pathname: DISCUSSION, hash: '#answer' }, 'post-q')).toBeNull();
    const question = { kind: 'question', from: '/s/start-a-discussion' } as const;
    expect(
      postedTarget(question, { pathname: '/s/start-a-discussion', hash: '' }, 'post-q'),
    ).toBeNull();
  });
});

describe('the note of a post on its way', () => {
  it('is taken once, by the page the form lands on', () => {
    expectPost('answer', DISCUSSION);
    expect(takePendingPost()).toEqual({ kind: 'answer', from: DISCUSSION });
    expect(takePendingPost()).toBeNull();
  });

  it('is dropped when the form is refused', () => {
    expectPost('question', '/s/start-a-discussion');
    forgetPost();
    expect(takePendingPost()).toBeNull();
  });

  it('empties the last message as the next post goes, so a repeated message is heard', () => {
    announcePost('answer');
    expect(posted.get().message).toBe('Your answer was posted.');
    expectPost('answer', DISCUSSION);
    expect(posted.get().message).toBe('');
    announcePost('comment');
    expect(posted.get().message).toBe('Your comment was posted.');
    takePendingPost();
    expect(posted.get().message).toBe('');
  });
});

describe('focusPost', () => {
  it('makes the post focusable without making it a tab stop, then focuses it', () => {
    const attributes = new Map<string, string>();
    const element = {
      hasAttribute: (name: string) => attributes.has(name),
      setAttribute: (name: string, value: string) => void attributes.set(name, value),
      focus: vi.fn(),
    };
    focusPost(element);
    expect(attributes.get('tabindex')).toBe('-1');
    expect(element.focus).toHaveBeenCalledOnce();
    attributes.set('tabindex', '0');
    focusPost(element);
    expect(attributes.get('tabindex')).toBe('0');
  });
});

describe('PostedAnnouncer', () => {
  it('renders its polite live region from the start, empty until a post lands', () => {
    const Stub = createRoutesStub([
      { path: '/', Component: () => <PostedAnnouncer pageTarget="post-q" /> },
    ]);
    expect(renderToStaticMarkup(<Stub initialEntries={['/']} />)).toBe(
      '<p role="status" class="visually-hidden"></p>',
    );
  });
});
