import type { AnalyticsEventName } from './events.ts';

/** Spec 3's table: every event and its fields. */
export const SPEC_EVENT_TABLE: Record<AnalyticsEventName, string[]> = {
  'content viewed': [
    'contentType',
    'contentName',
    'contentNamePersonal',
    'contentId',
    'contentTeam',
  ],
  'case submitted': ['caseNumber', 'orgId'],
  'link clicked': ['linkName', 'linkDestination', 'isExternal', 'screenName', 'subScreenName'],
  'button clicked': ['buttonName', 'screenName', 'subScreenName'],
  'banner hidden': ['bannerName', 'actionType'],
  'accordion toggled': ['accordionName', 'isExpanded'],
  'component displayed': ['componentName'],
  'screen viewed': ['screenName', 'subScreenName'],
};

/** A complete, valid set of fields for each event. */
export const SAMPLE_EVENT_FIELDS: Record<AnalyticsEventName, Record<string, unknown>> = {
  'content viewed': {
    contentType: 'Articles',
    contentName: 'Reconcile a bank feed',
    contentNamePersonal: 'Reconcile your bank feed',
    contentId: 'ka0000000000000001',
    contentTeam: 'Banking',
  },
  'case submitted': { caseNumber: '00012345', orgId: '00D000000000001' },
  'link clicked': {
    linkName: 'Contact us',
    linkDestination: '/s/contact-support',
    isExternal: false,
    screenName: 'home',
    subScreenName: 'hero',
  },
  'button clicked': { buttonName: 'Dismiss step', screenName: 'partners', subScreenName: 'steps' },
  'banner hidden': { bannerName: 'Maintenance', actionType: 'close' },
  'accordion toggled': { accordionName: 'Billing questions', isExpanded: true },
  'component displayed': { componentName: 'onboarding CTA' },
  'screen viewed': { screenName: 'search', subScreenName: 'results' },
};
