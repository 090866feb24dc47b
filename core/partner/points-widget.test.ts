import { describe, expect, it } from 'vitest';
import type { PartnerTierData } from './tiers.ts';
import {
  addClientUrl,
  formatPoints,
  POINTS_LINK_PATH,
  POINTS_LINK_TEXT,
  pointsWidgetView,
} from './points-widget.ts';

const data: PartnerTierData = {
  partnerTierAcknowledged: true,
  partnerTier: 'silver',
  partnerTierDetails: null,
  partnerPointsBalance: 1250,
  partnerPointsRequired: 750,
  partnerTierPointsThreshold: 1000,
};

describe('points widget view', () => {
  it('starts loading', () => {
    expect(pointsWidgetView({ status: 'loading' })).toEqual({ kind: 'loading' });
  });

  it('hides on error and without data', () => {
    expect(pointsWidgetView({ status: 'failed' })).toEqual({ kind: 'hidden' });
    expect(pointsWidgetView({ status: 'ready', data: null })).toEqual({ kind: 'hidden' });
  });

  it('applies the tier rules once ready', () => {
    expect(pointsWidgetView({ status: 'ready', data })).toMatchObject({
      kind: 'points',
      balance: 1250,
      progress: 250,
      total: 1000,
    });
    expect(pointsWidgetView({ status: 'ready', data: { ...data, partnerTier: 'None' } })).toEqual({
      kind: 'no-points',
    });
  });

  it('links to the points section of the partner account', () => {
    expect(POINTS_LINK_TEXT).toBe('Your points and benefits');
    expect(POINTS_LINK_PATH).toBe('/0/partners/account#partner-program-points');
  });
});

describe('add-client link and points format', () => {
  it("puts the app beside the app store's host", () => {
    expect(addClientUrl('https://apps.ledgerleaf.example')).toBe(
      'https://go.ledgerleaf.example/contacts/new',
    );
    expect(addClientUrl('https://example.com')).toBe('https://go.example.com/contacts/new');
    expect(addClientUrl('apps.example.com')).toBe('https://go.example.com/contacts/new');
  });

  it('groups thousands', () => {
    expect(formatPoints(1250)).toBe('1,250');
    expect(formatPoints(0)).toBe('0');
  });
});
