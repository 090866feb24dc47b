import { describe, expect, it } from 'vitest';
import { ALLOWED_LINK_PROTOCOLS } from './allow-list.ts';
import { html, VIMEO, YOUTUBE, YOUTUBE_NOCOOKIE } from './render.fixture.ts';

describe('link protocols (spec 5)', () => {
  it('allows exactly the spec protocols', () => {
    expect([...ALLOWED_LINK_PROTOCOLS]).toEqual([
      'ftp',
      'ftps',
      'http',
      'https',
      'mailto',
      'tel',
      'callto',
      'cid',
      'xmpp',
      'ciscotel',
      'navision',
    ]);
  });

  it.each([
    'ftp://files.example.com/a.csv',
    'ftps://files.example.com/a.csv',
    'http://example.com/',
    'https://example.com/',
    'mailto:help@example.com',
    'tel:+61212345678',
    'callto:ledgerleaf.support',
    'cid:part1.abc@example.com',
    'xmpp:support@example.com',
    'ciscotel:+61212345678',
    'navision://client/run?company=demo',
  ])('keeps a link to %s', (url) => {
    expect(html(`<a href="${url}">link</a>`)).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'gopher://example.com/',
    'sms:+61212345678',
    'ssh://example.com',
  ])('drops the href of a link to %s, keeping its text', (url) => {
    const out = html(`<a href="${url.replace(/"/g, '&quot;')}">link</a>`);
    expect(out).not.toContain('href');
    expect(out).toContain('link');
  });

  it('drops javascript: from Markdown links too', () => {
    const out = html('[click](javascript:alert(1)) and <javascript:alert(1)>');
    expect(out).not.toMatch(/href="\s*javascript/i);
  });

  it('keeps relative links, anchors and queries', () => {
    expect(html('[a](/s/article/x) [b](#steps) [c](?q=1)')).toBe(
      '<p><a href="/s/article/x">a</a> <a href="#steps">b</a> <a href="?q=1">c</a></p>\n',
    );
  });

  it('loads images over http(s) or relative paths only', () => {
    expect(html('<img src="https://cdn.example.com/a.png" alt="A">')).toContain(
      'src="https://cdn.example.com/a.png"',
    );
    expect(html('<img src="/img/a.png" alt="A">')).toContain('src="/img/a.png"');
    expect(html('<img src="data:image/png;base64,AAAA" alt="A">')).not.toContain('src=');
    expect(html('<img src="javascript:alert(1)" alt="A">')).not.toContain('src=');
    expect(html('<img src="ftp://example.com/a.png" alt="A">')).not.toContain('src=');
  });

  it('gives an image without alternative text an empty one, marking it decorative', () => {
    expect(html('<img src="/a.png">')).toContain('alt=""');
  });
});

describe('scripts and event handlers', () => {
  it('removes script tags and their content', () => {
    const out = html(
      'Before\n\n<script>alert("x")</script>\n\nAfter <script src="/x.js"></script>',
    );
    expect(out).not.toContain('script');
    expect(out).not.toContain('alert');
    expect(out).toContain('Before');
    expect(out).toContain('After');
  });

  it('removes every on* attribute', () => {
    const out = html(
      '<p onclick="alert(1)" onmouseover="alert(2)">x</p><img src="/a.png" alt="" onerror="alert(3)"><a href="/x" onfocus="alert(4)">y</a>',
    );
    expect(out).not.toMatch(/\bon[a-z]+=/i);
    expect(out).not.toContain('alert');
  });

  it('drops style, noscript, object, embed, form and svg markup', () => {
    const out = html(
      '<style>p{}</style><object data="x"></object><embed src="x"><form action="/x"><input name="a"><button>Go</button></form><svg onload="alert(1)"><circle/></svg>',
    );
    expect(out).not.toMatch(/<(style|object|embed|form|input|button|svg)\b/);
    expect(out).not.toContain('alert');
  });

  it('drops id and name attributes, which could clobber page globals', () => {
    expect(html('<p id="x">a</p><a name="y" href="/z">b</a>')).toBe('<p>a</p><a href="/z">b</a>');
  });

  it('escapes text that looks like markup in code', () => {
    expect(html('```\n<script>alert(1)</script>\n```')).toBe(
      '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n',
    );
  });
});

describe('style and color (spec 5: stripped)', () => {
  it('strips style="..."', () => {
    expect(html('<p style="color: red; font-size: 40px">Red</p>')).toBe('<p>Red</p>');
  });

  it('strips color="..."', () => {
    expect(html('<p color="red">Red</p>')).toBe('<p>Red</p>');
    expect(html('<font color="red">Red</font>')).toBe('<p>Red</p>\n');
  });

  it('strips both from every allowed tag', () => {
    const out = html(
      '<span style="x" color="y">a</span><td style="x">b</td><a href="/x" style="x" color="y">c</a><img src="/a.png" alt="" style="x">',
    );
    expect(out).not.toMatch(/\b(style|color)=/);
  });
});

describe('iframes (spec 5: video iframes only when they are the only iframes present)', () => {
  it.each([YOUTUBE, YOUTUBE_NOCOOKIE, VIMEO])('keeps a lone video iframe from %s', (src) => {
    const out = html(`<iframe src="${src}" width="560" height="315" style="border:0"></iframe>`);
    expect(out).toContain(`<iframe src="${src}"`);
    expect(out).toContain('title="Embedded video"');
    expect(out).toContain('width="560"');
    expect(out).not.toContain('style');
  });

  it('keeps several video iframes together', () => {
    const out = html(`<iframe src="${YOUTUBE}"></iframe>\n\n<iframe src="${VIMEO}"></iframe>`);
    expect(out.match(/<iframe /g)).toHaveLength(2);
  });

  it('keeps the title a video iframe was given', () => {
    expect(html(`<iframe src="${VIMEO}" title="Reconcile in 2 minutes"></iframe>`)).toContain(
      'title="Reconcile in 2 minutes"',
    );
  });

  it('removes a lone non-video iframe and its fallback text', () => {
    const out = html('<iframe src="https://evil.example/frame">Your browser</iframe>');
    expect(out).not.toContain('iframe');
    expect(out).not.toContain('Your browser');
  });

  it('removes every iframe, videos too, when a non-video iframe is present', () => {
    const out = html(
      `<iframe src="${YOUTUBE}"></iframe>\n\nText\n\n<iframe src="https://evil.example/frame"></iframe>`,
    );
    expect(out).not.toContain('iframe');
    expect(out).toContain('Text');
  });

  it.each([
    'http://www.youtube.com/embed/abc',
    'https://www.youtube.com/watch?v=abc',
    'https://www.youtube.com/embed/',
    'https://youtube.com.evil.example/embed/abc',
    'https://evil.example/?https://www.youtube.com/embed/abc',
    'https://player.vimeo.com/api/x',
    'https://user@www.youtube.com/embed/abc',
    'https://www.youtube.com:8443/embed/abc',
    'javascript:alert(1)',
  ])('does not count %s as a video', (src) => {
    expect(html(`<iframe src="${src}"></iframe>`)).not.toContain('iframe');
  });

  it('counts an iframe without a source as a non-video iframe', () => {
    expect(html(`<iframe src="${YOUTUBE}"></iframe><iframe></iframe>`)).not.toContain('iframe');
  });

  it('drops every attribute of a video iframe but its safe ones', () => {
    const out = html(
      `<iframe src="${YOUTUBE}" onload="alert(1)" srcdoc="<b>x</b>" name="n"></iframe>`,
    );
    expect(out).not.toMatch(/onload|srcdoc|name=/);
  });

  it('sees no iframe in text that only mentions one', () => {
    const out = html(`\`<iframe src="https://evil.example">\`\n\n<iframe src="${VIMEO}"></iframe>`);
    expect(out).toContain(`<iframe src="${VIMEO}"`);
  });
});
