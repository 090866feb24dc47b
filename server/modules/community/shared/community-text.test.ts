import { describe, expect, it } from 'vitest';
import { acceptUserText, renderUserText } from './community-text.ts';

describe('community text', () => {
  it('drops control characters on the way in and keeps the plain text', () => {
    expect(acceptUserText('Hello\u0000 **world**\u0007\n\tnext')).toEqual({
      body: 'Hello **world**\n\tnext',
      bodyText: 'Hello world next',
    });
  });

  it('renders Markdown sanitised on the way out, marking links elsewhere', () => {
    const html = renderUserText(
      'http://portal.test',
      '<img src=x onerror=alert(1)> [docs](https://example.com) <iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('iframe');
    expect(html).toContain('target="_blank"');
  });
});
