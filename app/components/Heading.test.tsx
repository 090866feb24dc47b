import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sideNavHeadingEvent } from '~core/content';
import { Heading } from './Heading.tsx';
import { SideNavigation } from './SideNavigation.tsx';

describe('Heading (spec 2.7, 5 Headings)', () => {
  it.each([1, 2, 3, 4, 5, 6])('renders level %i as h%i', (level) => {
    expect(renderToStaticMarkup(<Heading level={level}>Title</Heading>)).toBe(
      `<h${level}>Title</h${level}>`,
    );
  });

  it.each([0, 7, -1, 2.5, Number.NaN])('renders nothing at level %s', (level) => {
    expect(renderToStaticMarkup(<Heading level={level}>Title</Heading>)).toBe('');
  });

  it('renders as assistive text only when visually hidden', () => {
    expect(
      renderToStaticMarkup(
        <Heading level={2} visuallyHidden>
          Results
        </Heading>,
      ),
    ).toBe('<h2 class="visually-hidden">Results</h2>');
  });

  it('takes the side-navigation id and scroll offset when it registers', () => {
    expect(
      renderToStaticMarkup(
        <Heading level={2} sideNav={{ heading: 'Before you start?' }}>
          Before you start?
        </Heading>,
      ),
    ).toBe('<h2 id="before-you-start%3F" style="scroll-margin-top:64px">Before you start?</h2>');
  });

  it('uses the sideNavTitle for the id when one is set', () => {
    expect(
      renderToStaticMarkup(
        <Heading level={3} sideNav={{ heading: 'A long heading', sideNavTitle: 'Short' }}>
          A long heading
        </Heading>,
      ),
    ).toContain('id="short"');
  });
});

describe('SideNavigation', () => {
  it("lists the registered headings as 'On this page' links, by order", () => {
    const html = renderToStaticMarkup(
      <SideNavigation
        headings={[
          sideNavHeadingEvent({ heading: 'Second', level: 2, sideNavOrder: 1 }),
          sideNavHeadingEvent({ heading: 'First', level: 2 }),
          sideNavHeadingEvent({ heading: 'Detail', level: 3 }),
        ]}
      />,
    );
    expect(html).toContain('aria-label="On this page"');
    const links = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(['first', 'detail', 'second']);
  });

  it('renders nothing without headings', () => {
    expect(renderToStaticMarkup(<SideNavigation headings={[]} />)).toBe('');
  });
});
