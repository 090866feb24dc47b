import { describe, expect, it } from 'vitest';
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonModel, linkIconPosition } from './button.ts';

describe('button (spec 2.7)', () => {
  it('has the eight variants of the first reading and standard-no-border', () => {
    expect(BUTTON_VARIANTS).toEqual([
      'main',
      'standard',
      'tertiary',
      'negative',
      'inverse',
      'grey',
      'icon',
      'link',
      'standard-no-border',
    ]);
  });

  it('has the sizes large, medium and small', () => {
    expect(BUTTON_SIZES).toEqual(['large', 'medium', 'small']);
  });

  it('defaults to a standard medium button with the icon on the left', () => {
    expect(buttonModel({})).toEqual({
      variant: 'standard',
      size: 'medium',
      iconPosition: 'left',
      element: 'button',
      labelHidden: false,
    });
  });

  it('keeps every known variant and size and replaces unknown ones', () => {
    for (const variant of BUTTON_VARIANTS) expect(buttonModel({ variant }).variant).toBe(variant);
    for (const size of BUTTON_SIZES) expect(buttonModel({ size }).size).toBe(size);
    expect(buttonModel({ variant: 'primary', size: 'huge' })).toMatchObject({
      variant: 'standard',
      size: 'medium',
    });
  });

  it('renders as a link with an href and as a button without', () => {
    expect(buttonModel({ href: '/s/article/x' }).element).toBe('link');
    expect(buttonModel({ href: '' }).element).toBe('button');
    expect(buttonModel({ href: '/s/article/x', disabled: true }).element).toBe('disabled-link');
    expect(buttonModel({ disabled: true }).element).toBe('button');
  });

  it('takes the icon on the right', () => {
    expect(buttonModel({ iconPosition: 'right' }).iconPosition).toBe('right');
    expect(buttonModel({ iconPosition: 'top' }).iconPosition).toBe('left');
  });

  it('hides the label of the icon variant only', () => {
    expect(buttonModel({ variant: 'icon' }).labelHidden).toBe(true);
    expect(buttonModel({ variant: 'link' }).labelHidden).toBe(false);
  });
});

describe('styled link icon (spec 2.7)', () => {
  it('sits on the right by default', () => {
    expect(linkIconPosition(undefined)).toBe('right');
    expect(linkIconPosition('left')).toBe('left');
    expect(linkIconPosition('middle')).toBe('right');
  });
});
