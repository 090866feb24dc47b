import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SKELETON_LAYOUT_NAMES } from '~core/ui';
import { Skeleton } from './Skeleton.tsx';
import { SkeletonGallery } from './skeleton-gallery.tsx';

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('Skeleton (spec 2.7 skeleton loader layouts)', () => {
  it('hides its shapes from assistive technology and names its layout', () => {
    const html = renderToStaticMarkup(<Skeleton layout="plain" />);
    expect(html).toMatch(/^<div class="[^"]+" data-skeleton="plain"><div aria-hidden="true">/);
    expect(html).not.toContain('visually-hidden');
  });

  it('offers a label to assistive technology outside the hidden shapes', () => {
    const html = renderToStaticMarkup(
      <Skeleton layout="generatedAnswer" label="Loading the answer" />,
    );
    expect(html).toContain(
      '<span class="visually-hidden">Loading the answer</span><div aria-hidden="true">',
    );
  });

  it('draws one shape per bone at its width', () => {
    const html = renderToStaticMarkup(<Skeleton layout="table" />);
    expect(count(html, /<span /g)).toBe(25);
    expect(html).toContain('--skeleton-columns:5');
    expect(html).toContain('style="width:80%"');
  });

  it('draws the five blocks of the case classification', () => {
    const html = renderToStaticMarkup(<Skeleton layout="xcCaseClassification" />);
    expect(count(html, /<span /g)).toBe(5);
  });

  it('shows every layout in the gallery under its spec name', () => {
    const html = renderToStaticMarkup(<SkeletonGallery headingLevel={2} />);
    expect(html).toContain('<h2 id="skeleton-gallery-heading">Skeleton loaders</h2>');
    for (const name of SKELETON_LAYOUT_NAMES) {
      expect(html).toContain(`<code>${name}</code></h3>`);
      expect(html).toContain(`data-skeleton="${name}"`);
    }
    expect(count(html, /data-skeleton=/g)).toBe(14);
  });
});
