import { describe, expect, it } from 'vitest';
import { pageViewEvent } from './page-view.ts';
import type { VisitorUserData } from './user-data.ts';

const userData: VisitorUserData = {
  isGuest: false,
  userId: '005000000000000001',
  isPartner: true,
  market: 'AU',
  audiences: [],
  UserId: '005000000000000001',
  IsPrimaryContact: 'true',
  IsPrincipalContact: 'false',
  IsPartner: 'true',
  Market: 'AU',
  PartnerProductInterestClient: null,
  PartnerProductInterestPractice: 'Advisory',
  updateAccountFlowScreen: 'Screen 2',
};

describe("the tag manager's pageView event (spec 3 and 7)", () => {
  it('marks a guest, with no crmId and no user data', () => {
    expect(pageViewEvent(true, null)).toEqual({
      event: 'pageView',
      user: { attributes: { isGuest: true }, provider: { type: 'user' } },
    });
  });

  it("carries a signed-in user's id as crmId and spreads every user-data field", () => {
    expect(pageViewEvent(false, userData)).toEqual({
      ...userData,
      event: 'pageView',
      user: {
        crmId: '005000000000000001',
        attributes: { isGuest: false },
        provider: { type: 'user' },
      },
    });
  });

  it('still marks a signed-in visitor whose user data failed', () => {
    expect(pageViewEvent(false, null)).toEqual({
      event: 'pageView',
      user: { attributes: { isGuest: false }, provider: { type: 'user' } },
    });
  });
});
