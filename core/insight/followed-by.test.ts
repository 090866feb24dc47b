import { describe, expect, it } from 'vitest';
import { viewsFollowedByCase } from './followed-by.ts';

describe('views followed by a case', () => {
  const view = (userId: string, contentId: string, at: string) => ({ userId, contentId, at });
  const raised = (userId: string, at: string) => ({ userId, at });

  it('counts a view when the same person raises a case within 30 minutes after it', () => {
    const counts = viewsFollowedByCase(
      [
        view('u1', 'a', '2026-11-25T08:00:00.000Z'),
        view('u1', 'b', '2026-11-25T07:29:59.000Z'),
        view('u2', 'a', '2026-11-25T08:00:00.000Z'),
        view('u3', 'a', '2026-11-25T08:31:00.000Z'),
      ],
      [raised('u1', '2026-11-25T08:30:00.000Z'), raised('u3', '2026-11-25T08:30:00.000Z')],
    );
    // b is 30 min 1 s before the case; u2 raised nothing; u3's case came before the view.
    expect([...counts]).toEqual([['a', 1]]);
  });

  it('counts a view once however many cases follow it, and takes another window', () => {
    const views = [view('u1', 'a', '2026-11-25T08:00:00.000Z')];
    const cases = [
      raised('u1', '2026-11-25T08:05:00.000Z'),
      raised('u1', '2026-11-25T08:06:00.000Z'),
    ];
    expect([...viewsFollowedByCase(views, cases)]).toEqual([['a', 1]]);
    expect([...viewsFollowedByCase(views, cases, 4)]).toEqual([]);
  });
});
