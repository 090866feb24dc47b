import { discussionMeta } from './discussion-meta.ts';
import { rawDate, rawList, rawText, type SearchResult } from './result.ts';
import { APPS_SYSSOURCE } from './scopes.ts';

/** Spec 2.6 'Content type labels', keyed by content type; '{brand}dotcomGlossary' is keyed per brand. */
const CONTENT_TYPE_LABELS: Readonly<Record<string, string | null>> = {
  Article: 'Help article',
  'Online course': 'Course',
  'Live classroom': 'In-person classroom',
  'Live webinar': 'Webinar',
  ProductIdea: 'Product idea',
  Apps: null,
};

/** The content type of glossary entries, named after the brand. */
export function glossaryContentType(brand: string): string {
  return `${brand}dotcomGlossary`;
}

/**
 * The label shown for a content type, or undefined for none (Apps). A type the table does not
 * name is shown as it is, so a guide reads 'Guide' rather than nothing.
 */
export function contentTypeLabel(contentType: string, brand: string): string | undefined {
  if (contentType === glossaryContentType(brand)) return 'Glossary';
  if (Object.hasOwn(CONTENT_TYPE_LABELS, contentType)) {
    return CONTENT_TYPE_LABELS[contentType] ?? undefined;
  }
  return contentType.trim() || undefined;
}

/**
 * Spec 2.6 'Products': more than 2 products gives 'Any {brand} product'; otherwise the names
 * joined with ' & ' in the configured order (names the configuration lacks go last, as given).
 */
export function productsLabel(
  products: readonly string[],
  configuredOrder: readonly string[],
  brand: string,
): string | undefined {
  const unique = [...new Set(products)];
  if (unique.length > 2) return `Any ${brand} product`;
  if (unique.length === 0) return undefined;
  const rank = (name: string) => {
    const at = configuredOrder.indexOf(name);
    return at === -1 ? configuredOrder.length : at;
  };
  return unique
    .map((name, index) => ({ name, index }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.index - b.index)
    .map(({ name }) => name)
    .join(' & ');
}

/** Spec 2.6 'Audience': more than one gives 'For everyone', one gives 'For {audience}'. */
export function audienceLabel(audiences: readonly string[]): string | undefined {
  const unique = [...new Set(audiences)];
  if (unique.length > 1) return 'For everyone';
  return unique[0] === undefined ? undefined : `For ${unique[0]}`;
}

/** Spec 2.6 'Glossary meta'. */
export const GLOSSARY_META = ['For everyone', 'Definition'] as const;

const CONTENT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A content date (YYYY-MM-DD, or an ISO time) as spec 9 shows dates: en-US, short month,
 * 2-digit day ('Aug 05, 2026'). Content dates carry no time, so none is shown. Undefined for a
 * value that is not a date.
 */
export function contentDateLabel(value: string): string | undefined {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : CONTENT_DATE.format(date);
}

/** Which card a result is shown on (spec 2.6 'Card types'), and which meta it carries. */
export type ResultKind = 'app' | 'learning' | 'glossary' | 'discussion' | 'standard';

/** The content type a result is labelled by: common_contenttype, else its object type's label. */
export function resultContentType(result: Pick<SearchResult, 'raw'>): string | undefined {
  return rawText(result.raw, 'common_contenttype') ?? rawText(result.raw, 'objecttypelabel');
}

/** The label a result's content type is shown with (spec 2.6), or undefined for none. */
export function resultTypeLabel(
  result: Pick<SearchResult, 'raw'>,
  brand: string,
): string | undefined {
  const type = resultContentType(result);
  return type === undefined ? undefined : contentTypeLabel(type, brand);
}

export function resultKind(result: Pick<SearchResult, 'raw'>, brand: string): ResultKind {
  const raw = result.raw;
  if (
    rawText(raw, 'syssource') === APPS_SYSSOURCE ||
    rawText(raw, 'common_contenttype') === 'Apps'
  ) {
    return 'app';
  }
  if (rawText(raw, 'sfintellumapp__id__c') !== undefined) return 'learning';
  if (resultContentType(result) === glossaryContentType(brand)) return 'glossary';
  if (rawText(raw, 'sffeeditemid') !== undefined) return 'discussion';
  return 'standard';
}

/**
 * The meta line under a result's excerpt: glossary entries and discussions have their own
 * (spec 2.6); other results name their products and audience, then their date.
 */
export function resultMeta(
  result: Pick<SearchResult, 'raw'>,
  settings: { brand: string; productOrder?: readonly string[] },
): string[] {
  const kind = resultKind(result, settings.brand);
  if (kind === 'glossary') return [...GLOSSARY_META];
  if (kind === 'discussion') return discussionMeta(result.raw);
  const created = rawDate(result.raw, 'sfcreateddate');
  return [
    productsLabel(
      rawList(result.raw, 'sfcoreproductc'),
      settings.productOrder ?? [],
      settings.brand,
    ),
    audienceLabel(rawList(result.raw, 'sfaudiencec')),
    created === undefined ? undefined : contentDateLabel(created.toISOString()),
  ].filter((item): item is string => item !== undefined);
}
