import { renderToStaticMarkup } from 'react-dom/server';
import type { MouseEvent, ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BUTTON_VARIANTS } from '~core/ui';
import { Button, StyledLink } from './Button.tsx';

const classOf = (html: string) => /class="([^"]+)"/.exec(html)?.[1] ?? '';

describe('Button (spec 2.7)', () => {
  it('renders as a button without an href', () => {
    const html = renderToStaticMarkup(<Button label="Save" />);
    expect(html).toMatch(/^<button type="button" class="[^"]*_standard_[^"]*">Save<\/button>$/);
  });

  it('renders as a link with an href', () => {
    const html = renderToStaticMarkup(<Button label="Open" href="/s/article/x" variant="main" />);
    expect(html).toMatch(/^<a class="[^"]*_main_[^"]*" href="\/s\/article\/x">Open<\/a>$/);
  });

  it.each(BUTTON_VARIANTS)('draws the %s variant', (variant) => {
    expect(classOf(renderToStaticMarkup(<Button label="Go" variant={variant} />))).toContain(
      `_${variant}_`,
    );
  });

  it('takes the small and large sizes, medium by default', () => {
    expect(classOf(renderToStaticMarkup(<Button label="Go" size="small" />))).toMatch(/_small_/);
    expect(classOf(renderToStaticMarkup(<Button label="Go" size="large" />))).toMatch(/_large_/);
    expect(classOf(renderToStaticMarkup(<Button label="Go" />))).not.toMatch(/_small_|_large_/);
  });

  it('spans the full width when asked', () => {
    expect(classOf(renderToStaticMarkup(<Button label="Go" fullWidth />))).toMatch(/_fullWidth_/);
  });

  it('puts the icon on the left by default, or on the right', () => {
    expect(renderToStaticMarkup(<Button label="Add" iconName="plus" />)).toMatch(
      /><svg [^>]*data-icon="plus".*<\/svg>Add<\/button>$/,
    );
    expect(
      renderToStaticMarkup(<Button label="Next" iconName="right-arrow" iconPosition="right" />),
    ).toMatch(/>Next<svg [^>]*data-icon="right-arrow"/);
  });

  it('disables a button', () => {
    expect(renderToStaticMarkup(<Button label="Save" disabled />)).toContain('disabled=""');
  });

  it('disables a link by dropping its href', () => {
    const html = renderToStaticMarkup(<Button label="Open" href="/s/x" disabled />);
    expect(html).toContain('role="link" aria-disabled="true"');
    expect(html).not.toContain('href');
  });

  it('shows the icon variant as its icon with the label hidden', () => {
    const html = renderToStaticMarkup(
      <Button label="Dismiss notification" variant="icon" iconName="cross" />,
    );
    expect(html).toContain('<span class="visually-hidden">Dismiss notification</span>');
  });

  it('opens a link in a new tab and says so', () => {
    const html = renderToStaticMarkup(
      <Button label="Add a client" href="https://app.example.com/clients/new" newWindow />,
    );
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('<span class="visually-hidden"> (opens in a new tab)</span>');
  });

  it('submits when told', () => {
    expect(renderToStaticMarkup(<Button label="Send" type="submit" />)).toContain('type="submit"');
  });
});

describe('StyledLink (spec 2.7)', () => {
  it('puts the icon on the right by default', () => {
    expect(
      renderToStaticMarkup(<StyledLink label="Read more" href="/s/x" iconName="right-arrow" />),
    ).toMatch(/>Read more<svg [^>]*data-icon="right-arrow"/);
  });

  it('puts the icon on the left when asked', () => {
    expect(
      renderToStaticMarkup(
        <StyledLink label="Back" href="/s/x" iconName="chevron-left" iconPosition="left" />,
      ),
    ).toMatch(/><svg [^>]*data-icon="chevron-left".*<\/svg>Back<\/a>$/);
  });

  it('opens in a new window when asked', () => {
    const html = renderToStaticMarkup(
      <StyledLink label="Guide" href="https://x.example" newWindow />,
    );
    expect(html).toContain('target="_blank"');
    expect(html).toContain(' (opens in a new tab)');
  });

  function click(element: ReactElement) {
    const props = element.props as { onClick: (event: MouseEvent) => void };
    const preventDefault = vi.fn();
    props.onClick({ preventDefault } as unknown as MouseEvent);
    return preventDefault;
  }

  it('emits the link-click event and navigates', () => {
    const onLinkClick = vi.fn();
    const prevented = click(StyledLink({ label: 'Guide', href: '/s/guide', onLinkClick }));
    expect(onLinkClick).toHaveBeenCalledWith({ href: '/s/guide', text: 'Guide' });
    expect(prevented).not.toHaveBeenCalled();
  });

  it('can suppress navigation and still emit the event', () => {
    const onLinkClick = vi.fn();
    const prevented = click(
      StyledLink({ label: 'Guide', href: '/s/guide', onLinkClick, preventNavigation: true }),
    );
    expect(onLinkClick).toHaveBeenCalledOnce();
    expect(prevented).toHaveBeenCalledOnce();
  });
});
