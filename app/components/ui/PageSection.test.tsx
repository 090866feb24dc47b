import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Column, PageSection } from './PageSection.tsx';

describe('PageSection (spec 2.7 Page layout)', () => {
  it("wraps loose content in the default single column 'Column 1' of 12", () => {
    const html = renderToStaticMarkup(
      <PageSection>
        <p>Hello</p>
      </PageSection>,
    );
    expect(html).toContain(
      'style="--column-portion:100%;--column-portion-ratio:1" data-column="Column 1" data-width="12"><p>Hello</p>',
    );
  });

  it('sizes columns N of 12', () => {
    const html = renderToStaticMarkup(
      <PageSection>
        <Column width={8}>Main</Column>
        <Column width={4}>Aside</Column>
      </PageSection>,
    );
    expect(html).toContain('--column-portion:66.67%');
    expect(html).toContain('--column-portion:33.33%');
    expect(html).not.toContain('data-width="12"');
  });

  it('is a named region only when labelled', () => {
    expect(renderToStaticMarkup(<PageSection label="Get started">x</PageSection>)).toMatch(
      /^<section class="[^"]*" aria-label="Get started">/,
    );
    expect(renderToStaticMarkup(<PageSection>x</PageSection>)).toMatch(/^<div /);
  });
});
