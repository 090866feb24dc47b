/**
 * The partner flows the home page's cards depend on (spec 4 'Update-account flow stage' and
 * 'Personalise flow', 9 'Partner markets').
 */

/** The last screen of the update-account flow: reaching it finishes the flow. */
export const UPDATE_ACCOUNT_FINISHED_SCREEN = 'Screen 4';

export type UpdateAccountFlowStage = 'not-started' | 'unfinished' | 'finished';

/** No recorded screen (null or empty) means the flow was never started. */
export function updateAccountFlowStage(
  flowScreen: string | null | undefined,
): UpdateAccountFlowStage {
  if (flowScreen === null || flowScreen === undefined || flowScreen.trim() === '') {
    return 'not-started';
  }
  return flowScreen === UPDATE_ACCOUNT_FINISHED_SCREEN ? 'finished' : 'unfinished';
}

export interface PartnerProductInterests {
  PartnerProductInterestClient: string | null | undefined;
  PartnerProductInterestPractice: string | null | undefined;
}

function isSet(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The personalise flow is completed once either product interest has been answered. */
export function isPersonaliseFlowCompleted(interests: PartnerProductInterests): boolean {
  return (
    isSet(interests.PartnerProductInterestClient) || isSet(interests.PartnerProductInterestPractice)
  );
}

export const PARTNER_MARKETS = [
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
] as const;

export type PartnerMarket = (typeof PARTNER_MARKETS)[number];

/** Whether a user's market is a partner market; market codes are compared case-insensitively. */
export function isPartnerMarket(market: string | null | undefined): boolean {
  if (typeof market !== 'string') return false;
  const code = market.trim().toUpperCase();
  return PARTNER_MARKETS.some((partnerMarket) => partnerMarket === code);
}
