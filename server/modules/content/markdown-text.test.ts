import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdown-text.ts';

describe('markdown to plain text', () => {
  it('keeps the words and drops the markup, one block per line', () => {
    const text = markdownToPlainText(
      [
        'A bank feed brings **transactions** in _automatically_.',
        '',
        '## Connect the feed',
        '',
        '1. Go to `Bank accounts`.',
        '2. Select [Add bank account](https://example.com).',
        '',
        '| Status | Meaning |',
        '|---|---|',
        '| Expired | Reconnect |',
        '',
        '![The feed screen](/cms/delivery/media/k-feed.png)',
        '',
        '```',
        'code stays',
        '```',
      ].join('\n'),
    );
    expect(text.split('\n')).toEqual([
      'A bank feed brings transactions in automatically.',
      'Connect the feed',
      'Go to Bank accounts.',
      'Select Add bank account.',
      'Status',
      'Meaning',
      'Expired',
      'Reconnect',
      'The feed screen',
      'code stays',
    ]);
  });

  it('joins soft line breaks with a space', () => {
    expect(markdownToPlainText('one\ntwo')).toBe('one two');
  });
});
