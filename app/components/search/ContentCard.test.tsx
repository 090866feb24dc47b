import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Region } from '~core/regions';
import { RegionProvider } from '~app/region/RegionProvider.tsx';
import { ContentCard } from './ContentCard.tsx';
import { CLASSROOM, COURSE, SETTINGS } from './search-cards.fixture.ts';

function inRegion(region: Region, card: React.ReactNode) {
  return renderToStaticMarkup(
    <RegionProvider initialRegion={region} prefix="LL">
      {card}
    </RegionProvider>,
  );
}

describe('ContentCard (spec 2.6 content cards)', () => {
  it("links to the learning activity with 'Register now'", () => {
    const html = renderToStaticMarkup(<ContentCard result={COURSE} settings={SETTINGS} />);
    expect(html).toMatch(
      /<a class="[^"]*" href="https:\/\/learn\.example\.com\/student\/activity\/act-12" aria-describedby="[^"]+">Register now<\/a>/,
    );
    expect(html).toMatch(/>Course<\/p>/);
    expect(html).not.toContain('Next class');
  });

  it("shows an in-person classroom's next class in the visitor's region", () => {
    expect(inRegion('AU', <ContentCard result={CLASSROOM} settings={SETTINGS} />)).toContain(
      'Next class: <time>Sep 14, 2026</time>',
    );
    expect(inRegion('UK', <ContentCard result={CLASSROOM} settings={SETTINGS} />)).toContain(
      'Next class: <time>Oct 02, 2026</time>',
    );
    const elsewhere = inRegion('US', <ContentCard result={CLASSROOM} settings={SETTINGS} />);
    expect(elsewhere).not.toContain('Next class');
    expect(elsewhere).toContain('In-person classroom');
  });

  it('uses the rest-of-world region outside a region provider', () => {
    const html = renderToStaticMarkup(
      <ContentCard
        result={{
          ...CLASSROOM,
          raw: { ...CLASSROOM.raw, sfnext_class_rest_of_world__c: '2026-11-20' },
        }}
        settings={SETTINGS}
      />,
    );
    expect(html).toContain('Next class: <time>Nov 20, 2026</time>');
  });
});
