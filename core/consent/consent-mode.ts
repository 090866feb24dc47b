import type { ConsentState } from '~core/analytics';

type Signal = 'granted' | 'denied';

/** Google Consent Mode v2's signals, as gtag('consent', …) takes them. */
export interface ConsentModeSignals {
  ad_storage: Signal;
  ad_user_data: Signal;
  ad_personalization: Signal;
  analytics_storage: Signal;
  functionality_storage: Signal;
  personalization_storage: Signal;
  security_storage: 'granted';
}

const signal = (granted: boolean): Signal => (granted ? 'granted' : 'denied');

/** Statistics opens analytics storage; marketing the three advertising signals. */
export function consentModeSignals(state: ConsentState): ConsentModeSignals {
  return {
    ad_storage: signal(state.marketing),
    ad_user_data: signal(state.marketing),
    ad_personalization: signal(state.marketing),
    analytics_storage: signal(state.statistics),
    functionality_storage: signal(state.preferences),
    personalization_storage: signal(state.preferences),
    security_storage: 'granted',
  };
}
