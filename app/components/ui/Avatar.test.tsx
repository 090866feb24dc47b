import { describe, expect, it } from 'vitest';
import { avatarPalette } from '~core/ui';
import { Avatar } from './Avatar.tsx';
import { renderWithSite } from './site-stub.test-support.tsx';

const classOf = (html: string) => /class="([^"]+)"/.exec(html)?.[1] ?? '';

describe('Avatar (spec 3, 5)', () => {
  it('shows the photo when there is a real one', () => {
    const html = renderWithSite(
      <Avatar imageUrl="https://cdn.example.com/p/ada.png" userName="Ada Lovelace" />,
    );
    expect(html).toContain('src="https://cdn.example.com/p/ada.png"');
    expect(html).toContain('role="img" aria-label="Ada Lovelace"');
    expect(classOf(html)).not.toMatch(/palette/);
  });

  it("shows initials instead of the default user photo ('/005/')", () => {
    const html = renderWithSite(
      <Avatar imageUrl="https://x.example.com/profilephoto/005/T" userName="ada lovelace" />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('aria-hidden="true">AL</span>');
  });

  it('uses the brand name when there is no user name', () => {
    const html = renderWithSite(<Avatar />);
    expect(html).toContain('aria-label="Ledgerleaf"');
    expect(html).toContain('>L</span>');
  });

  it('colours the initials by the uuid palette, palette 1 without one', () => {
    expect(classOf(renderWithSite(<Avatar userName="A B" />))).toMatch(/_palette1_/);
    const uuid = '0055g000001AbCdEFG';
    expect(classOf(renderWithSite(<Avatar userName="A B" uuid={uuid} />))).toMatch(
      new RegExp(`_palette${avatarPalette(uuid)}_`),
    );
  });

  it('has the small size by default and the named sizes otherwise', () => {
    expect(classOf(renderWithSite(<Avatar userName="A" />))).toMatch(/_small_/);
    for (const size of ['xsmall', 'large', 'xlarge', 'auto'] as const) {
      expect(classOf(renderWithSite(<Avatar userName="A" size={size} />))).toMatch(
        new RegExp(`_${size}_`),
      );
    }
  });

  it('is a rounded square in business style', () => {
    expect(classOf(renderWithSite(<Avatar userName="A" businessStyle />))).toMatch(/_business_/);
    expect(classOf(renderWithSite(<Avatar userName="A" />))).not.toMatch(/_business_/);
  });

  it('honours abbrMaxChars', () => {
    expect(renderWithSite(<Avatar userName="ada byron lovelace" abbrMaxChars={3} />)).toContain(
      '>ABL</span>',
    );
  });

  it('hides itself from assistive technology when decorative', () => {
    const html = renderWithSite(<Avatar userName="Ada" decorative />);
    expect(html).toMatch(/^<span [^>]*aria-hidden="true"/);
    expect(html).not.toContain('role="img"');
  });
});
