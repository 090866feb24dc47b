import { REGIONS, isRegion, type Region } from '../regions/index.ts';
import { addDays, daysBetween, parseDay } from './days.ts';

/*
 * The filters every dashboard takes from its address (?from=&to=&region=&product=&hub=), so a
 * view can be bookmarked and shared. A filter that is not valid is named with what was typed,
 * and the dashboard shows nothing until it is put right.
 */

/** The longest range a dashboard answers: a year, and a day more for leap years. */
export const MAX_RANGE_DAYS = 366;
/** The range shown when none is asked for: the last 30 days up to today. */
export const DEFAULT_RANGE_DAYS = 30;

export interface InsightFilters {
  from: string;
  to: string;
  region?: Region;
  product?: string;
  hub?: string;
}

export type InsightFilterField = keyof InsightFilters;

export interface FilterChoices {
  today: string;
  products: readonly string[];
  hubs: readonly string[];
}

export type FilterOutcome =
  | { ok: true; filters: InsightFilters }
  | {
      ok: false;
      /** What was typed, field by field, to show again. */
      typed: Partial<Record<InsightFilterField, string>>;
      errors: Partial<Record<InsightFilterField, string>>;
    };

const FIELDS: readonly InsightFilterField[] = ['from', 'to', 'region', 'product', 'hub'];

export function parseInsightFilters(
  params: URLSearchParams,
  choices: FilterChoices,
): FilterOutcome {
  const typed: Partial<Record<InsightFilterField, string>> = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (value) typed[field] = value;
  }
  const errors: Partial<Record<InsightFilterField, string>> = {};
  const to = typed.to === undefined ? choices.today : parseDay(typed.to);
  if (to === undefined)
    errors.to = `“${typed.to}” is not a date: use YYYY-MM-DD, for example ${choices.today}.`;
  const from =
    typed.from === undefined
      ? addDays(to ?? choices.today, 1 - DEFAULT_RANGE_DAYS)
      : parseDay(typed.from);
  if (from === undefined) {
    errors.from = `“${typed.from}” is not a date: use YYYY-MM-DD, for example ${choices.today}.`;
  }
  if (from !== undefined && to !== undefined) {
    if (from > to) errors.from = 'The first day comes after the last day.';
    else if (daysBetween(from, to) > MAX_RANGE_DAYS) {
      errors.from = `The range is ${daysBetween(from, to)} days; choose at most ${MAX_RANGE_DAYS}.`;
    }
  }
  if (typed.region !== undefined && !isRegion(typed.region)) {
    errors.region = `“${typed.region}” is not a region: choose one of ${REGIONS.join(', ')}.`;
  }
  if (typed.product !== undefined && !choices.products.includes(typed.product)) {
    errors.product = `“${typed.product}” is not a product of the portal.`;
  }
  if (typed.hub !== undefined && !choices.hubs.includes(typed.hub)) {
    errors.hub = `“${typed.hub}” is not a search hub of the portal.`;
  }
  if (Object.keys(errors).length > 0 || from === undefined || to === undefined) {
    return { ok: false, typed, errors };
  }
  return {
    ok: true,
    filters: {
      from,
      to,
      ...(typed.region !== undefined ? { region: typed.region as Region } : {}),
      ...(typed.product !== undefined ? { product: typed.product } : {}),
      ...(typed.hub !== undefined ? { hub: typed.hub } : {}),
    },
  };
}

/** The filters as an address's query, the way a link to another dashboard keeps them. */
export function filterQuery(filters: Partial<InsightFilters>): string {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = filters[field];
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
