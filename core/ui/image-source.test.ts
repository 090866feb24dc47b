import { describe, expect, it } from 'vitest';
import { resolveImageSource } from './image-source.ts';

describe('image sources (spec 5 Images)', () => {
  it('uses a source starting with http as given', () => {
    expect(resolveImageSource('https://cdn.example.com/a.jpg')).toBe(
      'https://cdn.example.com/a.jpg',
    );
    expect(resolveImageSource('http://cdn.example.com/a.jpg')).toBe('http://cdn.example.com/a.jpg');
  });

  it('resolves anything else as a static image', () => {
    expect(resolveImageSource('hero_images/support.svg')).toBe('/img/hero_images/support.svg');
    expect(resolveImageSource('/hero_images/support.svg')).toBe('/img/hero_images/support.svg');
  });
});
