import { slugOf } from '../text/index.ts';
import { isValidTimeOfDay } from '../validation/index.ts';
import {
  knownKeys,
  PRACTICE_CERTIFICATIONS,
  PRACTICE_INDUSTRIES,
  PRACTICE_LANGUAGES,
  PRACTICE_SERVICES,
} from './vocabularies.ts';

/*
 * A practice's listing as the practice edits it (the draft) and as the directory shows it (the
 * published copy). Publishing is moderated the first time and whenever the description changes:
 * the description is the free text a visitor reads, everything else is ticked from lists.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** One day's opening as typed: 'HH:MM' to 'HH:MM', or both empty when closed. */
export interface DayHours {
  opens: string;
  closes: string;
}

export interface ListingOffice {
  label: string;
  address: string;
  /** The gazetteer place the office is in, as resolved when it was saved. */
  place: string;
  lat: number;
  lon: number;
  hours: Readonly<Partial<Record<Weekday, DayHours>>>;
}

export interface ListingContent {
  description: string;
  services: readonly string[];
  industries: readonly string[];
  languages: readonly string[];
  certifications: readonly string[];
  offices: readonly ListingOffice[];
  /** The user ids of the practice's people shown on the listing. */
  staffShown: readonly string[];
  /** The content key of the logo, or null. */
  logo: string | null;
}

export const EMPTY_LISTING: ListingContent = Object.freeze({
  description: '',
  services: [],
  industries: [],
  languages: [],
  certifications: [],
  offices: [],
  staffShown: [],
  logo: null,
});

export const MAX_DESCRIPTION = 4000;
export const MAX_OFFICES = 5;

export type ListingField = 'description' | 'services' | `office${number}` | `hours${number}`;

export type HoursCheck = { ok: true } | { ok: false; message: string };

/** One day's opening follows the spec's time rule, and closes after it opens. */
export function checkDayHours(day: string, hours: DayHours): HoursCheck {
  if (hours.opens === '' && hours.closes === '') return { ok: true };
  if (hours.opens === '' || hours.closes === '')
    return {
      ok: false,
      message: `${day}: give both the opening and the closing time, or neither.`,
    };
  for (const time of [hours.opens, hours.closes]) {
    if (!isValidTimeOfDay(time))
      return { ok: false, message: `${day}: ${time} is not a time between 00:00 and 23:59.` };
  }
  if (hours.closes <= hours.opens)
    return { ok: false, message: `${day}: the closing time must come after the opening time.` };
  return { ok: true };
}

/** The listing's choices reduced to the vocabularies' keys, in their order. */
export function cleanChoices(content: ListingContent): ListingContent {
  return {
    ...content,
    services: knownKeys(PRACTICE_SERVICES, content.services),
    industries: knownKeys(PRACTICE_INDUSTRIES, content.industries),
    languages: knownKeys(PRACTICE_LANGUAGES, content.languages),
    certifications: knownKeys(PRACTICE_CERTIFICATIONS, content.certifications),
  };
}

export type PublishDecision = 'moderate' | 'publish-now';

/** A first publication, or a new description, waits for a moderator; other changes go live. */
export function publishDecision(
  published: ListingContent | null,
  draft: ListingContent,
): PublishDecision {
  if (published === null) return 'moderate';
  return published.description.trim() === draft.description.trim() ? 'publish-now' : 'moderate';
}

/** What a listing still needs before it can be published, or undefined when it is ready. */
export function publishProblem(draft: ListingContent): string | undefined {
  if (draft.description.trim() === '') return 'Write a description before publishing.';
  if (draft.services.length === 0) return 'Choose at least one service before publishing.';
  if (draft.offices.length === 0) return 'Add an office, so visitors can find you by place.';
  return undefined;
}

export function listingSlug(name: string, market: string, suffix: string): string {
  return `${slugOf(name, 60) || 'practice'}-${market.toLowerCase()}-${suffix.toLowerCase()}`;
}
