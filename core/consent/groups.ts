import type { ConsentCategory } from '~core/analytics';

/** The consent manager's group codes (spec 4 'Cookie consent'). */
export const CONSENT_GROUP_CODES = ['FUNC', 'PERF', 'TARG'] as const;
export type ConsentGroupCode = (typeof CONSENT_GROUP_CODES)[number];

/** The categories the visitor can choose; essential is always on. */
export type ChoiceCategory = Exclude<ConsentCategory, 'essential'>;

/** Spec 4: FUNC → Preferences, PERF → Statistics, TARG → Marketing. */
export const GROUP_CATEGORY: Readonly<Record<ConsentGroupCode, ChoiceCategory>> = {
  FUNC: 'preferences',
  PERF: 'statistics',
  TARG: 'marketing',
};

export interface ConsentGroupDescription {
  /** Null for the strictly necessary group, which has no code and cannot be turned off. */
  code: ConsentGroupCode | null;
  name: string;
  description: string;
  /** What the group covers, named as the visitor would find it in their browser. */
  cookies: readonly string[];
}

/** The groups as the banner and the settings dialog show them, in that order. */
export function consentGroupDescriptions(prefix: string): readonly ConsentGroupDescription[] {
  return [
    {
      code: null,
      name: 'Strictly necessary',
      description:
        'Keep you signed in, protect forms from forgery, remember this choice and the region you pick. The site cannot work without them, so they are always on.',
      cookies: [
        `${prefix}_session`,
        `${prefix}_csrf`,
        'CookieConsent',
        `${prefix}REGION and regionStorage (only once you pick a region)`,
      ],
    },
    {
      code: 'FUNC',
      name: 'Preferences',
      description:
        'Remember cards and notices you closed on later visits too; without it they come back next visit.',
      cookies: ['dismissed cards (local storage)'],
    },
    {
      code: 'PERF',
      name: 'Statistics',
      description:
        'Count which pages and searches help people, so we can improve them. Nothing is sold or shared for advertising.',
      cookies: ['search analytics', 'page analytics', 'dataLayer (tag manager)'],
    },
    {
      code: 'TARG',
      name: 'Marketing',
      description:
        'Let our advertising partners show you offers about our products on other sites.',
      cookies: ['advertising tags (ad_storage, ad_user_data, ad_personalization)'],
    },
  ];
}

export function isConsentGroupCode(value: unknown): value is ConsentGroupCode {
  return typeof value === 'string' && (CONSENT_GROUP_CODES as readonly string[]).includes(value);
}
