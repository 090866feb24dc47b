import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './HighlightedText.tsx';
import { LiteCard } from './LiteCard.tsx';
import { ResultCard } from './ResultCard.tsx';
import {
  ARTICLE,
  DISCUSSION,
  EXTERNAL,
  GLOSSARY,
  SETTINGS,
  result,
} from './search-cards.fixture.ts';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ResultCard (spec 2.6 result card)', () => {
  it('shows the type label, the rewritten title link, the excerpt and the meta', () => {
    const html = renderToStaticMarkup(<ResultCard result={ARTICLE} settings={SETTINGS} />);
    expect(html).toMatch(/<p class="[^"]*">Help article<\/p>/);
    expect(html).toMatch(
      /<h3 class="[^"]+"><a href="\/s\/article\/reconcile-a-bank-account">Reconcile a <mark>bank<\/mark> account<\/a><\/h3>/,
    );
    expect(html).toContain('<li>Ledgerleaf Books &amp; Ledgerleaf Payroll</li>');
    expect(html).toContain('<li>For Small businesses</li>');
    expect(html).toContain('<li>Aug 05, 2026</li>');
  });

  it('marks excerpt matches by offsets and renders server text as text, never as HTML', () => {
    const html = renderToStaticMarkup(<ResultCard result={ARTICLE} settings={SETTINGS} />);
    expect(html).toContain(
      'Match your <mark>bank</mark> statement lines to &lt;b&gt;<mark>transactions</mark>&lt;/b&gt; so',
    );
    expect(html).not.toContain('<b>');
  });

  it('escapes markup in titles', () => {
    const html = renderToStaticMarkup(
      <ResultCard
        result={result('x', undefined, { title: '<img src=x onerror=alert(1)>' })}
        settings={SETTINGS}
      />,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it("gives discussions 'D Month YYYY' and 'Answered'", () => {
    const html = renderToStaticMarkup(<ResultCard result={DISCUSSION} settings={SETTINGS} />);
    expect(html).toContain('href="/s/question/0D55g00000AbCdEFGH"');
    expect(html).toContain('<li>5 March 2026</li><li>Answered</li>');
  });

  it("gives glossary entries 'Glossary', 'For everyone' and 'Definition'", () => {
    const html = renderToStaticMarkup(<ResultCard result={GLOSSARY} settings={SETTINGS} />);
    expect(html).toMatch(/>Glossary<\/p>/);
    expect(html).toContain('<li>For everyone</li><li>Definition</li>');
  });

  it('keeps the clickUri of a result without raw data and leaves out what it lacks', () => {
    const html = renderToStaticMarkup(
      <ResultCard result={{ ...EXTERNAL, excerpt: ' ' }} settings={SETTINGS} headingLevel={2} />,
    );
    expect(html).toMatch(/<h2 class="[^"]+"><a href="https:\/\/tax\.example\.gov\/gst">/);
    expect(html).not.toContain('<ul');
    expect(html).not.toContain('_excerpt_');
    expect(html).not.toContain('_type_');
  });
});

describe('LiteCard', () => {
  it('shows only the type and the linked title', () => {
    const html = renderToStaticMarkup(<LiteCard result={ARTICLE} settings={SETTINGS} />);
    expect(text(html)).toBe('Help articleReconcile a bank account');
    expect(html).toContain('href="/s/article/reconcile-a-bank-account"');
  });
});

describe('HighlightedText', () => {
  it('can mark with strong instead of mark', () => {
    expect(
      renderToStaticMarkup(
        <HighlightedText text="pay run" highlights={[{ offset: 4, length: 3 }]} as="strong" />,
      ),
    ).toBe('pay <strong>run</strong>');
  });
});
