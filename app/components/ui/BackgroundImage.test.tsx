import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BackgroundImage } from './BackgroundImage.tsx';

describe('BackgroundImage (spec 2.7)', () => {
  it('sets the SrcSet image per viewport, the position, size and repeat', () => {
    const html = renderToStaticMarkup(
      <BackgroundImage
        config={{
          AltText: 'Hills',
          bgPosition: 'left top',
          bgSizeOrRepeat: 'repeat-x',
          SrcSet: {
            mobile: 'bg/m.jpg',
            tablet: 'bg/t.jpg',
            desktop: 'https://cdn.example.com/d.jpg',
          },
        }}
      >
        <p>Content</p>
      </BackgroundImage>,
    );
    expect(html).toContain(
      'style="--bg-mobile:url(&quot;/img/bg/m.jpg&quot;);--bg-tablet:url(&quot;/img/bg/t.jpg&quot;);--bg-desktop:url(&quot;https://cdn.example.com/d.jpg&quot;);--bg-position:left top;--bg-size:auto;--bg-repeat:repeat-x"',
    );
    expect(html).toContain('<span role="img" aria-label="Hills"></span><p>Content</p>');
  });

  it('is decoration without alt text', () => {
    const html = renderToStaticMarkup(<BackgroundImage config={{ SrcSet: { mobile: 'm.jpg' } }} />);
    expect(html).not.toContain('role="img"');
  });

  it('renders only its content without an image', () => {
    expect(renderToStaticMarkup(<BackgroundImage config={{}}>x</BackgroundImage>)).toBe(
      '<div>x</div>',
    );
  });
});
