import { describe, expect, it } from 'vitest';
import {
  isPartnerMarket,
  isPersonaliseFlowCompleted,
  PARTNER_MARKETS,
  updateAccountFlowStage,
} from './flows.ts';

describe('update-account flow stage', () => {
  it.each([[null], [undefined], [''], ['  ']])(
    'is not started with no recorded screen (%j)',
    (screen) => {
      expect(updateAccountFlowStage(screen)).toBe('not-started');
    },
  );

  it.each([['Screen 1'], ['Screen 2'], ['Screen 3'], ['Screen 5'], ['screen 4']])(
    'is unfinished at %s',
    (screen) => {
      expect(updateAccountFlowStage(screen)).toBe('unfinished');
    },
  );

  it("is finished at 'Screen 4'", () => {
    expect(updateAccountFlowStage('Screen 4')).toBe('finished');
  });
});

describe('personalise flow', () => {
  it('is completed when the client product interest is set', () => {
    expect(
      isPersonaliseFlowCompleted({
        PartnerProductInterestClient: 'Payroll',
        PartnerProductInterestPractice: null,
      }),
    ).toBe(true);
  });

  it('is completed when the practice product interest is set', () => {
    expect(
      isPersonaliseFlowCompleted({
        PartnerProductInterestClient: undefined,
        PartnerProductInterestPractice: 'Practice Manager',
      }),
    ).toBe(true);
  });

  it('is completed when both are set', () => {
    expect(
      isPersonaliseFlowCompleted({
        PartnerProductInterestClient: 'Payroll',
        PartnerProductInterestPractice: 'Practice Manager',
      }),
    ).toBe(true);
  });

  it.each([
    [null, null],
    [undefined, undefined],
    ['', ''],
    [' ', null],
  ])('is not completed when neither is set (%j, %j)', (client, practice) => {
    expect(
      isPersonaliseFlowCompleted({
        PartnerProductInterestClient: client,
        PartnerProductInterestPractice: practice,
      }),
    ).toBe(false);
  });
});

describe('partner markets', () => {
  it('are the ten markets of the spec, in its order', () => {
    expect(PARTNER_MARKETS).toEqual([
      'AU',
      'UK',
      'CA',
      'US',
      'NZ',
      'ZA',
      'SG',
      'APAC',
      'AMER',
      'EMEA',
    ]);
  });

  it.each(PARTNER_MARKETS)('%s is a partner market in any case', (market) => {
    expect(isPartnerMarket(market)).toBe(true);
    expect(isPartnerMarket(market.toLowerCase())).toBe(true);
  });

  it.each([['GB'], ['SA'], ['HK'], ['MY'], ['ROW'], [''], [null], [undefined]])(
    '%j is not a partner market',
    (market) => {
      expect(isPartnerMarket(market)).toBe(false);
    },
  );
});
