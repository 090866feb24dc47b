import { describe, expect, it } from 'vitest';
import { followerMail } from './follows.presenters.ts';

describe('a follower e-mail', () => {
  it('carries the RFC 8058 one-click unsubscribe headers', () => {
    const mail = followerMail(
      {
        kind: 'answer',
        discussion: { id: '0D5x', title: 'T' },
        answer: { id: 'a', authorId: 'u', text: 'x' },
        actorId: 'u',
      },
      'Ana',
      { id: 'f', firstName: 'Ben', lastName: 'Li', email: 'ben@example.com' } as never,
      {
        user_id: 'f',
        target_kind: 'discussion',
        target_id: '0D5x',
        unsubscribe_token: 'tok',
        created_at: '',
      },
      new Map(),
      'https://help.example.com',
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://help.example.com/api/unsubscribe?follow=tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
