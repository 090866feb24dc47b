import { describe, expect, it } from 'vitest';
import { CtaCard } from './Card.tsx';
import { GenericCard } from './GenericCard.tsx';
import { renderWithSite } from './site-stub.test-support.tsx';

describe('GenericCard (spec 2.7)', () => {
  const full = {
    headerIcon: 'book-bookmark',
    headerLabel: 'Guide',
    heading: 'Set up payroll',
    bodyHtml: '<p>Body text</p>',
    extraBody: <p>Extra</p>,
    footer: <p>Footer</p>,
  };

  it('shows the header, a level 3 heading, the body, the extra body and the footer', () => {
    const html = renderWithSite(<GenericCard {...full} />);
    expect(html).toMatch(/<p class="[^"]*"><svg [^>]*data-icon="book-bookmark".*<\/svg>Guide<\/p>/);
    expect(html).toContain('>Set up payroll</h3>');
    expect(html).toContain('<p>Body text</p>');
    expect(html).toContain('<p>Extra</p>');
    expect(html).toContain('<p>Footer</p>');
  });

  it('takes another heading level and drops an invalid one', () => {
    expect(renderWithSite(<GenericCard {...full} headingLevel={2} />)).toContain('</h2>');
    expect(renderWithSite(<GenericCard {...full} headingLevel={8} />)).not.toContain(
      'Set up payroll',
    );
  });

  it.each([
    ['hideHeader', 'Guide'],
    ['hideHeading', 'Set up payroll'],
    ['hideBody', 'Body text'],
    ['hideExtraBody', 'Extra'],
    ['hideFooter', 'Footer'],
  ])('can hide a part (%s)', (flag, text) => {
    expect(renderWithSite(<GenericCard {...full} />)).toContain(text);
    expect(renderWithSite(<GenericCard {...full} {...{ [flag]: true }} />)).not.toContain(
      `>${text}<`,
    );
  });
});

describe('CtaCard (spec 2.7)', () => {
  it('links its title in the same tab for a site URL', () => {
    const html = renderWithSite(<CtaCard title="Topics" url="/s/topiccatalog" ctaText="View" />);
    expect(html).toMatch(/<a class="[^"]*" href="\/s\/topiccatalog">Topics<\/a><\/h3>/);
    expect(html).not.toContain('target=');
  });

  it('opens an external link in a new tab with the hidden text', () => {
    const html = renderWithSite(<CtaCard title="Add a client" url="https://app.example.org/new" />);
    expect(html).toContain(
      'href="https://app.example.org/new" target="_blank" rel="noopener noreferrer">Add a client<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
  });

  it('opens in a new tab when the payload says so', () => {
    expect(renderWithSite(<CtaCard title="T" url="/s/x" openInNewTab />)).toContain(
      'target="_blank"',
    );
  });

  it('shows the CTA text with an arrow icon, or the named icon', () => {
    expect(renderWithSite(<CtaCard title="T" url="/s/x" ctaText="Get started" />)).toMatch(
      />Get started<svg [^>]*data-icon="right-arrow"/,
    );
    expect(
      renderWithSite(<CtaCard title="T" url="/s/x" ctaText="Open" ctaIconName="external" />),
    ).toContain('data-icon="external"');
  });

  it('can put the link on the CTA text', () => {
    const html = renderWithSite(
      <CtaCard
        title="Onboarding"
        url="/0/partners"
        ctaText="Continue your partner onboarding"
        linkOn="cta"
        headingLevel={2}
      />,
    );
    expect(html).toContain('>Onboarding</h2>');
    expect(html).toMatch(
      /href="\/0\/partners">Continue your partner onboarding<svg [^>]*data-icon="right-arrow".*?<\/svg><\/a>/,
    );
  });

  it('shows the image, resolved as a static image, with its alt text', () => {
    expect(
      renderWithSite(<CtaCard title="T" imageUrl="hero_images/x.svg" imageAlt="A desk" />),
    ).toContain('<img src="/img/hero_images/x.svg" alt="A desk"');
  });

  it('has a plain title without a URL', () => {
    const html = renderWithSite(<CtaCard title="Plain" />);
    expect(html).toContain('>Plain</h3>');
    expect(html).not.toContain('<a ');
  });

  it('marks the selected state, for sight and for screen readers', () => {
    const html = renderWithSite(<CtaCard title="T" url="/s/x" selected />);
    expect(html).toContain('data-selected="true"');
    expect(html).toContain('<span class="visually-hidden"> (selected)</span>');
    expect(html).toMatch(/_selected_/);
  });

  it('takes the progress layout and the pathway-link style', () => {
    expect(renderWithSite(<CtaCard title="T" layout="progress" />)).toMatch(/_progressLayout_/);
    expect(renderWithSite(<CtaCard title="T" pathwayLink />)).toMatch(/_pathway_/);
    expect(renderWithSite(<CtaCard title="T" />)).not.toMatch(/_progressLayout_|_pathway_/);
  });

  it('fills its slots', () => {
    const html = renderWithSite(
      <CtaCard
        title="T"
        topContent={<b>top</b>}
        optionalContent={<i>opt</i>}
        action={<u>act</u>}
      />,
    );
    expect(html.indexOf('<b>top</b>')).toBeLessThan(html.indexOf('>T</h3>'));
    expect(html).toContain('<i>opt</i>');
    expect(html).toContain('<u>act</u>');
  });
});
