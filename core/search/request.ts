import { z } from 'zod';
import { parseRelativeDateRangeId } from './relative-date-facets.ts';
import {
  MAX_FIRST_RESULT,
  MAX_NUMBER_OF_RESULTS,
  MAX_ANALYTICS_METADATA,
  MAX_TYPED_QUERY_LENGTH,
  MAX_SUGGESTION_COUNT,
  DEFAULT_NUMBER_OF_RESULTS,
  DEFAULT_SUGGESTION_COUNT,
  SEARCH_FACET_FIELDS,
  SEARCH_SORTS,
  VIEW_CONTENT_ID_KEY,
  type SearchFacetField,
} from './request-fields.ts';

/**
 * The bodies the search API accepts (docs/search-api.md), shared by the server, which refuses
 * anything else with 400, and the browser, which builds them (checking them is the server's:
 * the fields and limits they are made of are in request-fields.ts, without the validator).
 */

const shortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const hub = z.string().trim().min(1, 'is required').max(100);

const facetSelection = z
  .record(z.string(), z.array(shortText(200).min(1, 'must not be empty')).max(50))
  .superRefine((facets, context) => {
    for (const field of Object.keys(facets)) {
      if (!(SEARCH_FACET_FIELDS as readonly string[]).includes(field)) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `is not a facet field; use one of ${SEARCH_FACET_FIELDS.join(', ')}`,
        });
      }
    }
  })
  .transform((facets) => facets as Partial<Record<SearchFacetField, string[]>>);

const dateFacet = z.string().refine((id) => parseRelativeDateRangeId(id) !== undefined, {
  message: "is not a relative date range id such as 'past-1-week', 'past-7-days' or 'next-2-weeks'",
});

export const searchRequestSchema = z.object({
  searchHub: hub,
  q: shortText(MAX_TYPED_QUERY_LENGTH).default(''),
  aq: shortText(1000).optional(),
  facets: facetSelection.optional(),
  dateFacet: dateFacet.optional(),
  sortCriteria: z.enum(SEARCH_SORTS).default('relevancy'),
  firstResult: z.number().int().min(0).max(MAX_FIRST_RESULT).default(0),
  numberOfResults: z
    .number()
    .int()
    .min(0)
    .max(MAX_NUMBER_OF_RESULTS)
    .default(DEFAULT_NUMBER_OF_RESULTS),
  /** Folds children under their parent result (on unless turned off). */
  folding: z.boolean().default(true),
  tab: shortText(100).optional(),
  context: z.object({ userRegion: shortText(10).optional() }).optional(),
  /** Off, misspelt words are searched as typed ('Search instead for'). */
  enableDidYouMean: z.boolean().default(true),
  analytics: z
    .object({
      cause: shortText(100).optional(),
      originLevel2: shortText(200).optional(),
      originLevel3: shortText(2000).optional(),
      /** What the cause carries (a standalone box's partial query and the suggestion picked). */
      metadata: z
        .record(shortText(50), shortText(500))
        .refine((entries) => Object.keys(entries).length <= MAX_ANALYTICS_METADATA, {
          message: `must have at most ${MAX_ANALYTICS_METADATA} entries`,
        })
        .optional(),
    })
    .optional(),
  /** The CSRF token may travel in the body instead of the x-csrf-token header. */
  csrfToken: z.string().optional(),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;
export type SearchRequestInput = z.input<typeof searchRequestSchema>;

export const suggestionsRequestSchema = z.object({
  searchHub: hub,
  q: shortText(MAX_TYPED_QUERY_LENGTH),
  count: z.number().int().min(1).max(MAX_SUGGESTION_COUNT).default(DEFAULT_SUGGESTION_COUNT),
  csrfToken: z.string().optional(),
});
export type SuggestionsRequest = z.output<typeof suggestionsRequestSchema>;

export const clickRequestSchema = z.object({
  searchHub: hub,
  searchUid: z.string().trim().min(1, 'is required').max(64),
  uniqueId: z.string().trim().min(1, 'is required').max(200),
  position: z
    .number()
    .int()
    .min(0)
    .max(MAX_FIRST_RESULT + MAX_NUMBER_OF_RESULTS),
  csrfToken: z.string().optional(),
});
export type ClickRequest = z.output<typeof clickRequestSchema>;

/**
 * Spec 7 'getHeadlessConfiguration': the search-analytics 'view' event the tracking block sends
 * for the page shown, with its content type and, when the page is a record, that record's id.
 */
export const viewRequestSchema = z
  .object({
    searchHub: hub,
    contentType: shortText(100).min(1, 'is required'),
    contentIdKey: z.literal(VIEW_CONTENT_ID_KEY).optional(),
    contentIdValue: shortText(200).min(1, 'must not be empty').optional(),
    /** The page's path, without its query. */
    location: shortText(2000).regex(/^\/[^?#]*$/, 'must be a path'),
    csrfToken: z.string().optional(),
  })
  .refine((view) => (view.contentIdKey === undefined) === (view.contentIdValue === undefined), {
    message: 'contentIdKey and contentIdValue come together',
    path: ['contentIdValue'],
  });
export type ViewRequest = z.output<typeof viewRequestSchema>;
