import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResultList } from './ResultList.tsx';
import { ALL_RESULTS, APP, ARTICLE, COURSE, DISCUSSION, SETTINGS } from './search-cards.fixture.ts';

function cardClasses(html: string): string[] {
  return [...html.matchAll(/<article class="([^"]+)"/g)].map((match) => match[1]!);
}

describe('ResultList (spec 2.6 card types)', () => {
  it('chooses the card by result kind, in order', () => {
    const html = renderToStaticMarkup(<ResultList results={ALL_RESULTS} settings={SETTINGS} />);
    expect(html.startsWith('<ol class=')).toBe(true);
    expect(html.match(/<li class=/g)).toHaveLength(ALL_RESULTS.length);
    const classes = cardClasses(html);
    expect(classes.map((name) => /_app_/.test(name))).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(classes.map((name) => /_content_/.test(name))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(html.match(/View in Ledgerleaf App Store/g)).toHaveLength(2);
    expect(html.match(/>Register now</g)).toHaveLength(2);
  });

  it('shows ordinary results as lite cards in the lite variant, keeping app and learning cards', () => {
    const html = renderToStaticMarkup(
      <ResultList
        results={[ARTICLE, DISCUSSION, APP, COURSE]}
        settings={SETTINGS}
        variant="lite"
        label="Recommended"
      />,
    );
    expect(html).toMatch(/^<ol class="[^"]*_liteList_[^"]*" aria-label="Recommended">/);
    const classes = cardClasses(html);
    expect(classes.filter((name) => /_lite_/.test(name))).toHaveLength(2);
    expect(html).not.toContain('Match your');
    expect(html).toContain('View in Ledgerleaf App Store');
    expect(html).toContain('Register now');
  });

  it('renders nothing for no results', () => {
    expect(renderToStaticMarkup(<ResultList results={[]} settings={SETTINGS} />)).toBe('');
  });
});
