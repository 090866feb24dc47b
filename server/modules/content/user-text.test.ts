import { beforeEach, describe, expect, it } from 'vitest';
import { createRichTextRenderer } from '~core/content';
import { USER_TEXT_KEPT_CHARS, userTextRenderer } from './user-text.ts';

const renders = { count: 0 };

/** Core's renderer, its renders counted. */
const countedRenderer: typeof createRichTextRenderer = (options) => {
  const renderer = createRichTextRenderer(options);
  return {
    ...renderer,
    render: (markdown) => {
      renders.count += 1;
      return renderer.render(markdown);
    },
  };
};

describe('user text as HTML', () => {
  beforeEach(() => {
    renders.count = 0;
  });

  it('is the sanitised Markdown, rendered once however often it is read', () => {
    const render = userTextRenderer('Post', countedRenderer);
    const text = 'See **this** <script>alert(1)</script>';
    const first = render('https://help.example', text);
    expect(first).toBe('<p>See <strong>this</strong> </p>\n');
    expect(render('https://help.example', text)).toBe(first);
    expect(render('https://help.example', text)).toBe(first);
    expect(renders.count).toBe(1);
  });

  it('is kept per site: a link to one site is external on another', () => {
    const render = userTextRenderer('Post', countedRenderer);
    const text = 'Read [the guide](https://help.example/s/article/guide).';
    expect(render('https://help.example', text)).not.toContain('target="_blank"');
    expect(render('https://other.example', text)).toContain('target="_blank"');
    expect(render('https://help.example', text)).not.toContain('target="_blank"');
    expect(renders.count).toBe(2);
  });

  it('keeps recent texts within its bound, the least recently used going first', () => {
    const render = userTextRenderer('Post', countedRenderer);
    // Each text and its HTML take about a fifth of the bound.
    const texts = ['a', 'b', 'c', 'd', 'e', 'f'].map(
      (letter) => `${letter}${'word '.repeat(USER_TEXT_KEPT_CHARS / 50)}`,
    );
    for (const text of texts.slice(0, 4)) render('https://help.example', text);
    render('https://help.example', texts[0] ?? '');
    expect(renders.count).toBe(4);
    // Two more push out the least recently read: b, then c; a was read again, so it stays.
    render('https://help.example', texts[4] ?? '');
    render('https://help.example', texts[5] ?? '');
    render('https://help.example', texts[0] ?? '');
    expect(renders.count).toBe(6);
    render('https://help.example', texts[1] ?? '');
    expect(renders.count).toBe(7);
  });

  it('renders a text larger than its whole bound every time, without keeping it', () => {
    const render = userTextRenderer('Post', countedRenderer);
    // The text and its HTML together pass the bound by a tenth.
    const huge = 'word '.repeat(USER_TEXT_KEPT_CHARS / 9);
    render('https://help.example', huge);
    render('https://help.example', huge);
    expect(renders.count).toBe(2);
    render('https://help.example', 'small');
    render('https://help.example', 'small');
    expect(renders.count).toBe(3);
  });
});
