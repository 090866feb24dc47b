import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIDE_NAV_ORDER,
  DEFAULT_SIDE_NAV_SCROLL_OFFSET,
  sideNavEntries,
  sideNavHeadingEvent,
  sideNavId,
  withUniqueIds,
} from './side-navigation.ts';

describe('sideNavId (spec 3)', () => {
  it.each([
    ['Before you start', 'before-you-start'],
    ['Connect a Bank Feed', 'connect-a-bank-feed'],
    ['Profit & loss', 'profit-%26-loss'],
    ['What is GST?', 'what-is-gst%3F'],
    ['Café  menu', 'caf%C3%A9--menu'],
    ['50/50 split', '50%2F50-split'],
    ['Already-hyphenated', 'already-hyphenated'],
  ])('%s becomes %s: lower-cased, spaces to hyphens, then URL-encoded', (title, id) => {
    expect(sideNavId(title)).toBe(id);
  });

  it('replaces spaces only, encoding other whitespace', () => {
    expect(sideNavId('a\tb')).toBe('a%09b');
  });
});

describe('sideNavHeadingEvent', () => {
  it('defaults the order to 0 and the scroll offset to 64 (spec 9)', () => {
    expect(DEFAULT_SIDE_NAV_ORDER).toBe(0);
    expect(DEFAULT_SIDE_NAV_SCROLL_OFFSET).toBe(64);
    expect(sideNavHeadingEvent({ heading: 'Set up GST', level: 2 })).toEqual({
      sideNavElement: 2,
      sideNavOrder: 0,
      title: 'Set up GST',
      id: 'set-up-gst',
      sideNavScrollOffset: 64,
    });
  });

  it('takes the sideNavTitle over the heading, for the title and the id', () => {
    const event = sideNavHeadingEvent({
      heading: 'A long heading about bank feeds',
      sideNavTitle: 'Bank feeds',
      level: 3,
      sideNavOrder: 2,
      sideNavScrollOffset: 100,
    });
    expect(event).toEqual({
      sideNavElement: 3,
      sideNavOrder: 2,
      title: 'Bank feeds',
      id: 'bank-feeds',
      sideNavScrollOffset: 100,
    });
  });

  it('falls back to the heading when the sideNavTitle is blank', () => {
    expect(sideNavHeadingEvent({ heading: 'Heading', sideNavTitle: '  ', level: 2 }).title).toBe(
      'Heading',
    );
  });
});

describe('the side navigation list', () => {
  const event = (title: string, order = 0) =>
    sideNavHeadingEvent({ heading: title, level: 2, sideNavOrder: order });

  it('sorts by sideNavOrder and keeps document order among equals', () => {
    const sorted = sideNavEntries([event('C', 1), event('A'), event('B'), event('Z', -1)]);
    expect(sorted.map((item) => item.title)).toEqual(['Z', 'A', 'B', 'C']);
  });

  it('makes repeated ids unique so each link lands on its own heading', () => {
    const unique = withUniqueIds([event('Steps'), event('Other'), event('Steps'), event('Steps')]);
    expect(unique.map((item) => item.id)).toEqual(['steps', 'other', 'steps-2', 'steps-3']);
  });
});
