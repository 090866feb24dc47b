import { describe, expect, it } from 'vitest';
import { escapeHtml, plainTextHtml, textOfHtml } from './plain-text.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('plainTextHtml', () => {
  it('wraps the escaped raw text in one paragraph styled to keep line breaks', () => {
    expect(plainTextHtml('a\n<b>')).toBe('<p class="rich-text-plain">a\n&lt;b&gt;</p>');
  });
});

describe('textOfHtml', () => {
  it('drops tags and decodes entities', () => {
    expect(textOfHtml('Profit &amp; <b>loss</b> &lt;3 &#39;x&#39; &#x41; &quot;q&quot;')).toBe(
      `Profit & loss <3 'x' A "q"`,
    );
  });

  it('leaves unknown or impossible entities as written', () => {
    expect(textOfHtml('&bogus; &#x110000;')).toBe('&bogus; &#x110000;');
  });
});
