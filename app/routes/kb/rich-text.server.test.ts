import { describe, expect, it } from 'vitest';
import { renderContent } from './rich-text.server.ts';

const site = { siteUrl: 'https://help.ledgerleaf.example' };

describe('renderContent', () => {
  it('renders a source once and hands the same result to later pages', () => {
    const source = '## Before you start\n\nVisit https://www.ato.gov.au first.';
    const first = renderContent(site, source, [2, 3]);
    expect(first.html).toContain('target="_blank"');
    expect(first.headings.map((heading) => heading.id)).toEqual(['before-you-start']);
    expect(renderContent(site, source, [2, 3])).toBe(first);
  });

  it('keeps renders apart when the options that shape them differ', () => {
    const source = '## Tips\n\n[Help](https://help.ledgerleaf.example/s/article/a)';
    const withNavigation = renderContent(site, source, [2]);
    const withoutNavigation = renderContent(site, source);
    expect(withNavigation.headings).toHaveLength(1);
    expect(withoutNavigation.headings).toEqual([]);
    const elsewhere = renderContent({ siteUrl: 'https://other.example' }, source);
    expect(withoutNavigation.html).not.toContain('target="_blank"');
    expect(elsewhere.html).toContain('target="_blank"');
  });
});
