import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { starRating } from '~core/ui';
import { AppCard } from './AppCard.tsx';
import { APP, APP_WITH_LOGO, SETTINGS } from './search-cards.fixture.ts';
import { StarRating } from './StarRating.tsx';

describe('AppCard (spec 2.6 app cards)', () => {
  it("links 'View in {brand} App Store' to the listing, in a new tab, and says so", () => {
    const html = renderToStaticMarkup(<AppCard result={APP} settings={SETTINGS} />);
    expect(html).toMatch(
      /<a class="[^"]*" href="https:\/\/apps\.example\.com\/app\/stock-pro" target="_blank" rel="noopener noreferrer" aria-describedby="([^"]+)">View in Ledgerleaf App Store<svg [^>]*aria-hidden="true"[^>]*><title>opens in a new tab<\/title>.*<\/svg><span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
    );
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h3 id="${describedBy}"`);
  });

  it('draws initials on the default colour #13b5ea when there is no logo', () => {
    const html = renderToStaticMarkup(<AppCard result={APP} settings={SETTINGS} />);
    expect(html).toContain(
      'style="background-color:#13b5ea;color:#1f2933" aria-hidden="true">SP</span>',
    );
    expect(html).not.toContain('<img');
  });

  it("shows the logo on the app's colour when there is one", () => {
    const html = renderToStaticMarkup(<AppCard result={APP_WITH_LOGO} settings={SETTINGS} />);
    expect(html).toContain(
      'style="background-color:#0b3d91" src="https://cdn.example.com/payday.png" alt=""',
    );
    expect(html).toContain('href="https://payday.example.com/"');
  });

  it('lists the functions sorted and comma-joined, with the rating and review count', () => {
    const html = renderToStaticMarkup(<AppCard result={APP} settings={SETTINGS} />);
    expect(html).toContain('>Accounting, Inventory, Point of sale</p>');
    expect(html).toContain('<span class="visually-hidden">4.6 out of 5 stars</span>');
    expect(html).toContain('>128 reviews</span>');
  });

  it('uses the configured brand', () => {
    const html = renderToStaticMarkup(
      <AppCard result={APP} settings={{ ...SETTINGS, brand: 'Acme' }} />,
    );
    expect(html).toContain('View in Acme App Store');
  });
});

describe('StarRating (spec 2.6)', () => {
  it('draws 5 stars filled by percentage, hidden from assistive technology, which reads the text', () => {
    const html = renderToStaticMarkup(<StarRating rating={starRating(3.5, 1)} />);
    expect(html.match(/class="_star_[^"]*"/g)).toHaveLength(5);
    expect([...html.matchAll(/style="width:(\d+)%"/g)].map((match) => match[1])).toEqual([
      '100',
      '100',
      '100',
      '50',
    ]);
    expect(html).toMatch(/<span class="_stars_[^"]*" aria-hidden="true">/);
    expect(html).toContain('<span class="visually-hidden">3.5 out of 5 stars</span>');
    expect(html).toContain('>1 review</span>');
  });

  it("says 'No reviews' when there are none", () => {
    const html = renderToStaticMarkup(<StarRating rating={starRating(undefined, 0)} />);
    expect(html).toContain('>No reviews</span>');
    expect(html).not.toContain('width:');
  });
});
