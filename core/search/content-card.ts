import type { Region } from '../regions/index.ts';
import { contentDateLabel, contentTypeLabel } from './result-presentation.ts';
import { learningActivityUrl } from './result-links.ts';
import { rawDate, rawText, type SearchResult, type SearchResultRaw } from './result.ts';

/** Spec 2.6 content cards: the link text. */
export const REGISTER_NOW = 'Register now';

/** The learning format whose cards show the next class date (spec 2.6: in-person classrooms). */
export const IN_PERSON_CLASSROOM = 'Live classroom';

/** Spec 3: the raw field holding each region's next class date. */
export const NEXT_CLASS_FIELDS: Readonly<Record<Region, string>> = {
  AU: 'sfnext_class_australia__c',
  CA: 'sfnext_class_canada__c',
  HK: 'sfnext_class_hong_kong__c',
  MY: 'sfnext_class_malaysia__c',
  NZ: 'sfnext_class_new_zealand__c',
  SG: 'sfnext_class_singapore__c',
  SA: 'sfnext_class_south_africa__c',
  UK: 'sfnext_class_united_kingdom__c',
  US: 'sfnext_class_united_states__c',
  ROW: 'sfnext_class_rest_of_world__c',
};

/**
 * The next class date in the visitor's region, as spec 9 shows dates ('Mar 05, 2026'). Only the
 * date is shown: the index does not say in which time zone a class meets, so a time would
 * mislead. Another region's date is never shown in its place, since that class is elsewhere.
 */
export function nextClassDate(
  raw: SearchResultRaw | undefined,
  region: Region,
): string | undefined {
  const date = rawDate(raw, NEXT_CLASS_FIELDS[region]);
  return date === undefined ? undefined : contentDateLabel(date.toISOString());
}

/** The learning format of a result: its own format field, else its content type. */
export function learningFormat(raw: SearchResultRaw | undefined): string | undefined {
  return rawText(raw, 'sflearning_format__c') ?? rawText(raw, 'common_contenttype');
}

export interface ContentCardModel {
  title: string;
  description: string | undefined;
  /** The format's label ('Course', 'In-person classroom', 'Webinar'). */
  formatLabel: string | undefined;
  /** '{learning_base}/student/activity/{id}', or the result's clickUri without an activity id. */
  link: string;
  linkText: typeof REGISTER_NOW;
  /** In-person classrooms only: the next class date in the visitor's region, if one is set. */
  nextClass: string | undefined;
}

/** What a content card shows for a learning result (spec 2.6 'Content cards'). */
export function contentCardModel(
  result: SearchResult,
  settings: { brand: string; learningBaseUrl: string; region: Region },
): ContentCardModel {
  const raw = result.raw;
  const format = learningFormat(raw);
  const activityId = rawText(raw, 'sfintellumapp__id__c');
  return {
    title: result.title,
    description: rawText(raw, 'sfdescription') ?? (result.excerpt.trim() || undefined),
    formatLabel: format === undefined ? undefined : contentTypeLabel(format, settings.brand),
    link:
      activityId === undefined
        ? result.clickUri
        : learningActivityUrl(settings.learningBaseUrl, activityId),
    linkText: REGISTER_NOW,
    nextClass: format === IN_PERSON_CLASSROOM ? nextClassDate(raw, settings.region) : undefined,
  };
}
