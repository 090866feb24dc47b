import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CaseDeflectionCard } from './CaseDeflectionCard.tsx';
import { ARTICLE, DISCUSSION, SETTINGS } from './search-cards.fixture.ts';

describe("CaseDeflectionCard (spec 2.6 'Case Deflection')", () => {
  it('opens the help in a new tab, saying so to sight and to screen readers', () => {
    const html = renderToStaticMarkup(<CaseDeflectionCard result={ARTICLE} settings={SETTINGS} />);
    expect(html).toMatch(
      /<h3 class="[^"]+"><a href="\/s\/article\/reconcile-a-bank-account" target="_blank" rel="noopener noreferrer">Reconcile a <mark>bank<\/mark> account<svg [^>]*aria-hidden="true"[^>]*><title>opens in a new tab<\/title>.*<\/svg><span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a><\/h3>/,
    );
  });

  it('reads as a result card: type label, marked excerpt and meta', () => {
    const html = renderToStaticMarkup(<CaseDeflectionCard result={ARTICLE} settings={SETTINGS} />);
    expect(html).toMatch(/<p class="[^"]*">Help article<\/p>/);
    expect(html).toContain('Match your <mark>bank</mark> statement lines');
    expect(html).toContain('<li>For Small businesses</li>');
  });

  it("links a discussion by the result link rules and shows the discussion's meta", () => {
    const html = renderToStaticMarkup(
      <CaseDeflectionCard result={DISCUSSION} settings={SETTINGS} headingLevel={4} />,
    );
    expect(html).toMatch(/<h4 class="[^"]+"><a href="\/s\/question\//);
    expect(html).toContain('Answered');
  });
});
