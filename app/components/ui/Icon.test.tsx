import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICON_NAMES } from '~core/ui';
import { Icon, IconWrapper } from './Icon.tsx';
import { IconSpriteContext } from './icon-sprite.ts';

afterEach(() => vi.restoreAllMocks());

describe('Icon (spec 3 icon names)', () => {
  it.each(ICON_NAMES)('draws %s', (name) => {
    const html = renderToStaticMarkup(<Icon name={name} />);
    expect(html).toContain(`data-icon="${name}"`);
    expect(html).toContain(`<use href="/icons.svg#${name}"></use>`);
  });

  it("points at the sprite's address the page is given", () => {
    const html = renderToStaticMarkup(
      <IconSpriteContext value="/icons.svg?v=abc">
        <Icon name="plus" />
      </IconSpriteContext>,
    );
    expect(html).toContain('<use href="/icons.svg?v=abc#plus"></use>');
  });

  it('is decorative unless labelled', () => {
    expect(renderToStaticMarkup(<Icon name="plus" />)).toContain('aria-hidden="true"');
    const html = renderToStaticMarkup(<Icon name="plus" label="Add" />);
    expect(html).toContain('role="img" aria-label="Add"');
    expect(html).not.toContain('aria-hidden');
  });

  it('is 24px at the default size', () => {
    expect(renderToStaticMarkup(<Icon name="plus" />)).toContain('width="24" height="24"');
    expect(renderToStaticMarkup(<Icon name="plus" size="xx-small" />)).toContain('width="12"');
  });

  it('warns about an unknown name and draws nothing (spec 8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(renderToStaticMarkup(<Icon name="unicorn" />)).toBe('');
    expect(warn).toHaveBeenCalledWith('Invalid icon name: unicorn');
  });
});

describe('IconWrapper (spec 3)', () => {
  const classOf = (html: string) => /class="([^"]+)"/.exec(html)?.[1] ?? '';

  it('is a blue alpha circle at 40px by default', () => {
    const html = renderToStaticMarkup(<IconWrapper icon="trophy" />);
    expect(classOf(html)).toMatch(/_wrapper_/);
    expect(classOf(html)).toMatch(/_blue_/);
    expect(classOf(html)).not.toMatch(/_square_|_xlarge_|_solid_/);
    expect(html).toContain('width="24"');
  });

  it('takes square, xlarge, solid and a colour', () => {
    const html = renderToStaticMarkup(
      <IconWrapper icon="trophy" type="square" size="xlarge" bgOverlay="solid" color="violet" />,
    );
    expect(classOf(html)).toMatch(/_square_.*_xlarge_.*_solid_.*_violet_/);
    expect(html).toContain('width="32"');
  });
});
