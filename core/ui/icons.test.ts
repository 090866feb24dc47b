import { describe, expect, it, vi } from 'vitest';
import { ICON_DRAWINGS, iconSpriteSvg } from './icon-drawings.ts';
import {
  ICON_NAMES,
  ICON_WRAPPER_SIZES,
  iconPixels,
  iconWrapperOptions,
  isIconName,
  resolveIcon,
} from './icons.ts';

const SPEC_NAMES =
  'default, csv, help, cross, copy, invalid, checkbox-check, right-arrow, external, chevron, chevron-left, caret, filter, heart, trash, warning, info, information, checkCircle, clock, plus, transfer, phone, diamond, person-add, ask-help, folder, credit-card, check, discount, points, lock, voucher, clock-detailed, plant, book-bookmark, networking-people, clockDetailedTemporary, calendar, trophy, block, eye, pencil, trash-can, mountain, settings, desktop, menu, reload, person, switch, tune, list, envelope, phone-detailed, comment';

describe('icon names (spec 3)', () => {
  it('are exactly the spec list', () => {
    expect(ICON_NAMES.join(', ')).toBe(SPEC_NAMES);
  });

  it('each have a drawing of valid path data', () => {
    expect(Object.keys(ICON_DRAWINGS).sort()).toEqual([...ICON_NAMES].sort());
    for (const name of ICON_NAMES) {
      expect(ICON_DRAWINGS[name].length, name).toBeGreaterThan(0);
      for (const d of ICON_DRAWINGS[name]) expect(d, name).toMatch(/^M[-\d.]+[ ,]?[-\d.]/);
    }
  });

  it('each look different', () => {
    const drawings = ICON_NAMES.map((name) => ICON_DRAWINGS[name].join('|'));
    expect(new Set(drawings).size).toBe(ICON_NAMES.length);
  });
});

describe('the icon sprite', () => {
  it('has one symbol per name on the 24-unit grid, with its drawing', () => {
    const sprite = iconSpriteSvg();
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
    for (const name of ICON_NAMES) {
      const symbol = new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"[^>]*>(.*?)</symbol>`);
      const paths = symbol.exec(sprite)?.[1] ?? '';
      expect(paths.match(/<path /g), name).toHaveLength(ICON_DRAWINGS[name].length);
    }
  });

  it('fills the filled drawings and strokes the others', () => {
    const sprite = iconSpriteSvg();
    expect(sprite).toContain('<symbol id="caret" viewBox="0 0 24 24" fill="currentColor">');
    expect(sprite).toContain('<symbol id="plus" viewBox="0 0 24 24">');
  });
});

describe('icon name check (spec 8)', () => {
  it('accepts a spec name without a warning', () => {
    const warn = vi.fn();
    expect(resolveIcon('checkCircle', warn)).toBe('checkCircle');
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['check-circle', 'Check', '', undefined, 3])(
    'warns about %s and draws nothing',
    (name) => {
      const warn = vi.fn();
      expect(resolveIcon(name, warn)).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(`Invalid icon name: ${String(name)}`);
    },
  );

  it('is case-sensitive, as the names are', () => {
    expect(isIconName('checkcircle')).toBe(false);
    expect(isIconName('toString')).toBe(false);
  });
});

describe('icon sizes (spec 9)', () => {
  it('are ordered from xx-small to large, medium by default', () => {
    const sizes = ['xx-small', 'x-small', 'small', 'medium', 'large'].map(iconPixels);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(new Set(sizes).size).toBe(5);
    expect(iconPixels(undefined)).toBe(iconPixels('medium'));
    expect(iconPixels('huge')).toBe(iconPixels('medium'));
  });
});

describe('icon wrapper (spec 3)', () => {
  it('is 40px by default and 60px at xlarge', () => {
    expect(ICON_WRAPPER_SIZES).toEqual({ default: 40, xlarge: 60 });
  });

  it('defaults to a blue alpha circle', () => {
    expect(iconWrapperOptions({})).toEqual({
      type: 'circle',
      size: 'default',
      bgOverlay: 'alpha',
      color: 'blue',
    });
    expect(
      iconWrapperOptions({ type: 'oval', color: 'red', bgOverlay: 'x', size: 'huge' }),
    ).toEqual({ type: 'circle', size: 'default', bgOverlay: 'alpha', color: 'blue' });
  });

  it('takes every spec setting', () => {
    for (const color of ['blue', 'grey-3', 'violet', 'green', 'black']) {
      expect(iconWrapperOptions({ color }).color).toBe(color);
    }
    expect(
      iconWrapperOptions({ type: 'square', size: 'xlarge', bgOverlay: 'solid' }),
    ).toMatchObject({
      type: 'square',
      size: 'xlarge',
      bgOverlay: 'solid',
    });
  });
});
