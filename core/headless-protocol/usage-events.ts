import { z } from 'zod';

/**
 * Usage analytics events the library sends ({base}/rest/ua/v15/analytics/{search|click|custom|
 * view}): a JSON body, or, from a browser's beacon, a form with the event as JSON under
 * '{type}Event'. Only what the portal's search analytics keep is read.
 */
/** 'collect' carries the case assist's measurement-protocol events (ticket created, field...). */
export const USAGE_EVENT_TYPES = ['search', 'click', 'custom', 'view', 'collect'] as const;
export type UsageEventType = (typeof USAGE_EVENT_TYPES)[number];

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.slice(0, max))
    .optional();

const common = {
  originLevel1: text(200),
  searchQueryUid: text(100),
  lastSearchQueryUid: text(100),
};

export const usageEventSchemas = {
  search: z.object({ ...common, queryText: text(500), actionCause: text(100) }),
  click: z.object({
    ...common,
    documentPosition: z.number().int().min(1).max(100_000),
    contentIDKey: text(100),
    contentIDValue: text(200),
    customData: z.object({ contentIDKey: text(100), contentIDValue: text(200) }).optional(),
    documentUriHash: text(100),
  }),
  custom: z.object({ ...common, eventType: text(100), eventValue: text(200) }),
  view: z.object({
    ...common,
    contentType: text(100),
    contentIdKey: text(100),
    contentIdValue: text(200),
    location: text(2000),
  }),
  collect: z.object({ t: text(40), ec: text(100), ea: text(100), el: text(200) }),
} as const;

export type UsageEvent<Type extends UsageEventType> = z.output<(typeof usageEventSchemas)[Type]>;

/** The event object of a body: the JSON itself, or the beacon form's '{type}Event' field. */
export function usageEventBody(type: UsageEventType, body: unknown): unknown {
  if (body instanceof URLSearchParams) {
    const field = body.get(`${type}Event`);
    if (field === null) return undefined;
    try {
      return JSON.parse(field) as unknown;
    } catch {
      return undefined;
    }
  }
  return body;
}

/**
 * The unique id of a clicked result: the library names it by its permanentid, which the
 * portal's documents share with their unique id, at the top or (legacy mode) in customData.
 */
export function clickedUniqueId(click: UsageEvent<'click'>): string | undefined {
  const key = click.contentIDKey ?? click.customData?.contentIDKey;
  const value = click.contentIDValue ?? click.customData?.contentIDValue;
  return key === undefined || key === 'permanentid' ? value : undefined;
}
