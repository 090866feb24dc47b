import { describe, expect, it } from 'vitest';
import {
  isNewResource,
  matchesResourceFilter,
  partnerResourceAnchor,
  partnerResourceDownloadPath,
  partnerResourceLibraryLink,
  resourceFilterOf,
  resourceLock,
  tierReaches,
} from './resources.ts';

describe('resource locks', () => {
  it('opens a resource from its tier up', () => {
    expect(resourceLock('silver', 'bronze')).toBeNull();
    expect(resourceLock('bronze', 'bronze')).toBeNull();
    expect(resourceLock('Gold', 'platinum')).toBe('Unlocks at Platinum tier');
    expect(resourceLock('starter', 'silver')).toBe('Unlocks at Silver tier');
  });

  it('names starter as the Partner tier, and keeps everything from a partner with no tier', () => {
    expect(resourceLock('none', 'starter')).toBe('Unlocks at Partner tier');
    expect(resourceLock('none', 'unknown')).toBe('Unlocks at Partner tier');
    expect(resourceLock('starter', 'none')).toBeNull();
  });

  it('ranks tiers in order', () => {
    expect(tierReaches('platinum', 'starter')).toBe(true);
    expect(tierReaches('none', 'starter')).toBe(false);
  });
});

describe('resource filter', () => {
  const query = (search: string) => resourceFilterOf(new URLSearchParams(search), ['Payroll']);

  it('reads known values and drops unknown ones', () => {
    expect(query('type=guide&product=Payroll&access=open')).toEqual({
      type: 'guide',
      product: 'Payroll',
      access: 'open',
    });
    expect(query('type=film&product=Cars&access=maybe')).toEqual({
      type: '',
      product: '',
      access: '',
    });
  });

  it('matches by type, product and access', () => {
    const resource = { type: 'guide', product: 'Payroll', locked: true };
    expect(matchesResourceFilter(resource, { type: '', product: '', access: '' })).toBe(true);
    expect(matchesResourceFilter(resource, { type: 'template', product: '', access: '' })).toBe(
      false,
    );
    expect(matchesResourceFilter(resource, { type: '', product: 'Tax', access: '' })).toBe(false);
    expect(matchesResourceFilter(resource, { type: '', product: '', access: 'open' })).toBe(false);
  });
});

describe('resources', () => {
  it('count as new for 60 days', () => {
    const now = new Date('2026-03-01T00:00:00.000Z');
    expect(isNewResource('2026-01-01T00:00:00.000Z', now)).toBe(true);
    expect(isNewResource('2025-12-30T00:00:00.000Z', now)).toBe(false);
    expect(isNewResource('not a date', now)).toBe(false);
  });

  it('open through the portal’s download address', () => {
    expect(partnerResourceDownloadPath('partnerResource-x')).toBe(
      '/0/partners/resources/partnerResource-x/download',
    );
  });
});

describe('resource links from search', () => {
  it("leads to the resource's card on the library page, its id made safe for a fragment", () => {
    expect(partnerResourceLibraryLink('partnerResource-1')).toBe(
      '/0/partners/resources#resource-partnerResource-1',
    );
    expect(partnerResourceAnchor('a b/"c"')).toBe('resource-a-b--c-');
  });
});
