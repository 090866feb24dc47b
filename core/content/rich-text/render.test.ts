import { describe, expect, it } from 'vitest';
import { OPENS_IN_NEW_TAB_TEXT, OPENS_IN_NEW_TAB_TITLE } from './external-link-marker.ts';
import { html, render, SITE } from './render.fixture.ts';

describe('markdown', () => {
  it('renders Markdown to HTML', () => {
    expect(html('## Steps\n\n1. **Open** the _menu_\n2. Choose `Bank`')).toBe(
      '<h2>Steps</h2>\n<ol>\n<li><strong>Open</strong> the <em>menu</em></li>\n<li>Choose <code>Bank</code></li>\n</ol>\n',
    );
  });

  it('keeps tables, block quotes and definition-style HTML from the allow-list', () => {
    const out = html(
      '| A | B |\n|---|---|\n| 1 | 2 |\n\n> Note\n\n<details><summary>More</summary>Hidden</details>',
    );
    expect(out).toContain('<table tabindex="0">');
    expect(out).toContain('<th>A</th>');
    expect(out).toContain('<blockquote>');
    expect(out).toContain('<details><summary>More</summary>Hidden</details>');
  });
});

describe('comparison tables (an empty corner above a column of row names)', () => {
  const comparison =
    '| | Excel | PDF |\n|---|---|---|\n| Subtotals | Yes | Yes |\n| Notes | No | Yes |';

  it('makes the corner a data cell and each row name the header of its row', () => {
    expect(html(comparison)).toBe(
      '<table tabindex="0">\n<thead>\n<tr>\n<td></td>\n<th>Excel</th>\n<th>PDF</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<th scope="row">Subtotals</th>\n<td>Yes</td>\n<td>Yes</td>\n</tr>\n' +
        '<tr>\n<th scope="row">Notes</th>\n<td>No</td>\n<td>Yes</td>\n</tr>\n</tbody>\n</table>\n',
    );
  });

  it('leaves a table whose first header has a name as it is', () => {
    const out = html('| Report | Format |\n|---|---|\n| Profit and loss | PDF |');
    expect(out).toContain('<th>Report</th>');
    expect(out).toContain('<td>Profit and loss</td>');
    expect(out).not.toContain('scope="row"');
  });

  it('lets every table take the focus, so a keyboard can scroll one wider than its column', () => {
    expect(html('<table tabindex="-1" onfocus="x()"><tr><td>1</td></tr></table>')).toBe(
      '<table tabindex="0"><tr><td>1</td></tr></table>',
    );
    expect(html('<div tabindex="0">Text</div>')).toBe('<div>Text</div>');
  });

  it('treats each table of a text on its own', () => {
    const out = html(`${comparison}\n\n| Name | Value |\n|---|---|\n| Tax | 10% |`);
    expect(out.match(/scope="row"/g)).toHaveLength(2);
    expect(out).toContain('<td>Tax</td>');
  });

  it('keeps a corner that holds only spaces empty and the header row without row headers', () => {
    const out = html('|   | A |\n|---|---|\n| Row | 1 |');
    expect(out).toContain('<thead>\n<tr>\n<td></td>\n<th>A</th>');
    expect(out).toContain('<th scope="row">Row</th>');
  });
});

describe('linkify (spec 5: plain URLs and e-mail addresses become links)', () => {
  it('links a plain URL', () => {
    expect(html('See https://example.com/help today')).toContain(
      '<a class="external-link" href="https://example.com/help" target="_blank" rel="noopener noreferrer">https://example.com/help',
    );
  });

  it('links a plain www address', () => {
    expect(html('Go to www.example.com now')).toContain('href="http://www.example.com"');
  });

  it('leaves a bare domain or file name as text', () => {
    expect(html('Open readme.md or example.com')).toBe('<p>Open readme.md or example.com</p>\n');
  });

  it('links a plain e-mail address with mailto:', () => {
    expect(html('Write to help@example.com.')).toContain(
      '<a href="mailto:help@example.com">help@example.com</a>',
    );
  });

  it('leaves URLs in code alone', () => {
    expect(html('`https://example.com`')).toBe('<p><code>https://example.com</code></p>\n');
  });
});

describe('whitespace (spec 5: repeated whitespace collapsed)', () => {
  it('collapses runs of spaces, tabs and newlines in text to one space', () => {
    expect(html('<p>Many    spaces\t\there  \n   and   lines</p>')).toBe(
      '<p>Many spaces here and lines</p>',
    );
  });

  it('collapses inside inline elements', () => {
    expect(html('**bold     text**')).toBe('<p><strong>bold text</strong></p>\n');
  });

  it('keeps a single space and single line breaks as they are', () => {
    expect(html('one two\nthree')).toBe('<p>one two\nthree</p>\n');
  });

  it('keeps the whitespace of preformatted code', () => {
    expect(html('```\nif (a)  {\n    b();\n}\n```')).toBe(
      '<pre><code>if (a)  {\n    b();\n}\n</code></pre>\n',
    );
  });

  it('leaves non-breaking spaces alone', () => {
    expect(html('<p>a&nbsp;&nbsp;b</p>')).toBe('<p>a\u00a0\u00a0b</p>');
  });
});

describe('external links (spec 5, against the configured site host)', () => {
  it('marks a link to another host: new tab, noopener, icon titled and hidden text', () => {
    const out = html('[Bank help](https://bank.example.com/help)');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain(`<title>${OPENS_IN_NEW_TAB_TITLE}</title>`);
    expect(OPENS_IN_NEW_TAB_TITLE).toBe('opens in a new tab');
    expect(out).toContain(`<span class="visually-hidden">${OPENS_IN_NEW_TAB_TEXT}</span></a>`);
    expect(OPENS_IN_NEW_TAB_TEXT).toBe(' (opens in a new tab)');
  });

  it('marks a protocol-relative link to another host', () => {
    expect(html('<a href="//cdn.example.com/guide.pdf">PDF</a>')).toContain('target="_blank"');
  });

  it('leaves links to the site host, relative links and mail links in the same tab', () => {
    const out = html(
      `[a](${SITE}/s/article/x) [b](/s/topic/0TO000000000000001) [c](mailto:help@example.com) [d](#steps)`,
    );
    expect(out).not.toContain('target=');
    expect(out).not.toContain('opens in a new tab');
  });

  it('judges by the configured host, so the same link is external to another site', () => {
    const link = '[a](https://help.ledgerleaf.example/s/article/x)';
    expect(html(link)).not.toContain('target=');
    expect(html(link, { siteUrl: 'http://localhost:3000' })).toContain('target="_blank"');
  });

  it('replaces target and rel the content gave', () => {
    expect(html('<a href="/x" target="_blank" rel="opener">a</a>')).toBe(
      '<p><a href="/x">a</a></p>\n',
    );
    expect(html('<a href="https://x.example/" target="_self" rel="opener">a</a>')).toContain(
      'target="_blank" rel="noopener noreferrer"',
    );
  });

  it('ignores a class the content gave, so an internal link cannot pose as external', () => {
    expect(html('<a class="external-link" href="/x">a</a>')).toBe('<p><a href="/x">a</a></p>\n');
  });

  it('does not mark a link whose href was refused', () => {
    expect(html('<a href="gopher://example.com/">a</a>')).toBe('<p><a>a</a></p>\n');
  });
});

describe('headings and the side navigation', () => {
  it('gives the chosen levels ids by the side-navigation rule and lists them', () => {
    const result = render('## Before you start\n\n### Profit & loss?\n\n#### Small print', {
      sideNavLevels: [2, 3],
    });
    expect(result.html).toContain('<h2 id="before-you-start">Before you start</h2>');
    expect(result.html).toContain('<h3 id="profit-%26-loss%3F">Profit &amp; loss?</h3>');
    expect(result.html).toContain('<h4>Small print</h4>');
    expect(result.headings).toEqual([
      {
        sideNavElement: 2,
        sideNavOrder: 0,
        title: 'Before you start',
        id: 'before-you-start',
        sideNavScrollOffset: 64,
      },
      {
        sideNavElement: 3,
        sideNavOrder: 0,
        title: 'Profit & loss?',
        id: 'profit-%26-loss%3F',
        sideNavScrollOffset: 64,
      },
    ]);
  });

  it('gives no heading an id by default', () => {
    const result = render('## A');
    expect(result.html).toBe('<h2>A</h2>\n');
    expect(result.headings).toEqual([]);
  });

  it('takes the text of a heading with markup, and keeps the markup', () => {
    const result = render('## Use **bank rules** [now](/x)', { sideNavLevels: [2] });
    expect(result.headings[0]?.id).toBe('use-bank-rules-now');
    expect(result.html).toContain('<strong>bank rules</strong>');
  });

  it('makes repeated heading ids unique, in the HTML and the list alike', () => {
    const result = render('## Steps\n\n## Steps', { sideNavLevels: [2] });
    expect(result.html).toContain('<h2 id="steps">');
    expect(result.html).toContain('<h2 id="steps-2">');
    expect(result.headings.map((heading) => heading.id)).toEqual(['steps', 'steps-2']);
  });

  it('skips empty headings', () => {
    const result = render('##\n\n## Real', { sideNavLevels: [2] });
    expect(result.headings.map((heading) => heading.title)).toEqual(['Real']);
  });

  it('replaces an id the content gave a heading', () => {
    expect(html('<h2 id="main">A</h2>', { sideNavLevels: [2] })).toBe('<h2 id="a">A</h2>');
  });
});

describe('sanitising failure (spec 8: the raw text shown as plain text)', () => {
  it('shows the raw text, escaped, and reports the error', () => {
    const errors: unknown[] = [];
    const result = render('## Title\n\n<b>bold</b> & <script>alert(1)</script>', {
      siteUrl: 'not a url',
      sideNavLevels: [2],
      onError: (error) => errors.push(error),
    });
    expect(result.plainText).toBe(true);
    expect(result.html).toBe(
      '<p class="rich-text-plain">## Title\n\n&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(result.headings).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('renders normally when nothing fails', () => {
    expect(render('<b>bold</b>').plainText).toBe(false);
  });
});
