import { describe, expect, it } from 'vitest';
import { caseTextHtml } from './case-text.ts';

describe('a case text as HTML', () => {
  it('is the sanitised Markdown, the same when read again', () => {
    const text = 'See **this** <script>alert(1)</script>';
    const first = caseTextHtml('https://help.example', text);
    expect(first).toBe('<p>See <strong>this</strong> </p>\n');
    expect(caseTextHtml('https://help.example', text)).toBe(first);
  });

  it('is kept per site: a link to one site is external on another', () => {
    const text = 'Read [the guide](https://help.example/s/article/guide).';
    expect(caseTextHtml('https://help.example', text)).not.toContain('target="_blank"');
    expect(caseTextHtml('https://other.example', text)).toContain('target="_blank"');
    expect(caseTextHtml('https://help.example', text)).not.toContain('target="_blank"');
  });
});
