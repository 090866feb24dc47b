import { describe, expect, it } from 'vitest';
import { VIEWPORT_MIN_WIDTH, backgroundImage, cssUrl } from './background-image.ts';

describe('background image (spec 2.7)', () => {
  it('takes the mobile, tablet and desktop URLs of SrcSet', () => {
    const image = backgroundImage({
      AltText: 'Hills at dawn',
      SrcSet: { mobile: 'bg/m.jpg', tablet: 'bg/t.jpg', desktop: 'https://cdn.example.com/d.jpg' },
    });
    expect(image).toEqual({
      alt: 'Hills at dawn',
      sources: {
        mobile: '/img/bg/m.jpg',
        tablet: '/img/bg/t.jpg',
        desktop: 'https://cdn.example.com/d.jpg',
      },
      position: 'center',
      size: 'cover',
      repeat: 'no-repeat',
    });
  });

  it('reads SrcSet given as JSON text', () => {
    expect(backgroundImage({ SrcSet: '{"desktop":"d.jpg"}' })?.sources.desktop).toBe('/img/d.jpg');
    expect(backgroundImage({ SrcSet: 'not json' })).toBeNull();
  });

  it('fills a missing viewport from the nearest smaller one, else the larger', () => {
    expect(backgroundImage({ SrcSet: { mobile: 'm.jpg', desktop: 'd.jpg' } })?.sources).toEqual({
      mobile: '/img/m.jpg',
      tablet: '/img/m.jpg',
      desktop: '/img/d.jpg',
    });
    expect(backgroundImage({ SrcSet: { desktop: 'd.jpg' } })?.sources).toEqual({
      mobile: '/img/d.jpg',
      tablet: '/img/d.jpg',
      desktop: '/img/d.jpg',
    });
  });

  it('is nothing without any URL', () => {
    expect(backgroundImage({})).toBeNull();
    expect(backgroundImage({ SrcSet: { mobile: ' ' } })).toBeNull();
  });

  it('reads bgSizeOrRepeat as a repeat or a size', () => {
    const base = { SrcSet: { mobile: 'm.jpg' } };
    expect(backgroundImage({ ...base, bgSizeOrRepeat: 'repeat-x' })).toMatchObject({
      size: 'auto',
      repeat: 'repeat-x',
    });
    expect(backgroundImage({ ...base, bgSizeOrRepeat: 'contain' })).toMatchObject({
      size: 'contain',
      repeat: 'no-repeat',
    });
    expect(backgroundImage({ ...base, bgSizeOrRepeat: '50% auto' })?.size).toBe('50% auto');
  });

  it('keeps the position, but never a value that could break out of the style', () => {
    const base = { SrcSet: { mobile: 'm.jpg' } };
    expect(backgroundImage({ ...base, bgPosition: 'left top' })?.position).toBe('left top');
    expect(backgroundImage({ ...base, bgPosition: 'top;color:red' })?.position).toBe('center');
    expect(backgroundImage({ ...base, bgSizeOrRepeat: 'url(x)' })?.size).toBe('cover');
  });

  it('switches at the 600px and 1200px breakpoints', () => {
    expect(VIEWPORT_MIN_WIDTH).toEqual({ mobile: 0, tablet: 600, desktop: 1200 });
  });

  it('quotes and escapes URLs for CSS', () => {
    expect(cssUrl('/img/a.jpg')).toBe('url("/img/a.jpg")');
    expect(cssUrl('/img/a".jpg')).toBe('url("/img/a\\22 .jpg")');
  });
});
