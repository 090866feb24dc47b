import { describe, expect, it } from 'vitest';
import { markdownHeadings, markdownToPlainText } from './markdown-text.ts';

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

describe('markdown headings', () => {
  it('lists the headings below the title, one a line, without their markup', () => {
    const headings = markdownHeadings(
      [
        '# The page title',
        'Intro text.',
        '## Connect the **feed**',
        'Steps.',
        '### When `sync` fails',
        '#### If the bank',
        'asks again',
        '',
        'Setext heading',
        '------',
        '```',
        '## not a heading in code',
        '```',
      ].join('\n'),
    );
    expect(headings.split('\n')).toEqual([
      'Connect the feed',
      'When sync fails',
      'If the bank',
      'Setext heading',
    ]);
  });

  it('leaves out sections that only point elsewhere', () => {
    expect(markdownHeadings('## Set up\ntext\n## Related\n- a\n## See also\n- b')).toBe('Set up');
  });

  it('is empty for a text without headings', () => {
    expect(markdownHeadings('Just a paragraph.\n\nAnd another.')).toBe('');
  });
});
