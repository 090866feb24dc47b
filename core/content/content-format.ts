import { z } from 'zod';
import { REGIONS } from '../regions/index.ts';
import {
  DEFAULT_APP_LOGO_COLOR,
  DEFAULT_CONTENT_TYPE,
  FEEDBACK_COMMENT_MAX,
  LANDING_PAGE_KEYS,
  SUMMARY_MAX,
  TITLE_MAX,
} from './content-limits.ts';

/*
 * The front matter of the help-content files (docs/content-format.md), shared by the importer
 * and anything that previews content. Pure: no file or database access.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MEDIA_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const slug = z
  .string({ error: 'must be text' })
  .regex(SLUG, 'must be lower-case letters, digits and single hyphens');

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A calendar date written YYYY-MM-DD. YAML may hand over a Date when a file quotes nothing. */
export const contentDate = z.preprocess(
  (value) =>
    value instanceof Date && !Number.isNaN(value.getTime())
      ? value.toISOString().slice(0, 10)
      : value,
  z
    .string({ error: 'must be a date written YYYY-MM-DD' })
    .refine(isCalendarDate, 'must be a real date written YYYY-MM-DD'),
);

function text(max?: number) {
  const base = z.string({ error: 'must be text' }).trim().min(1, 'must not be empty');
  return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
}

function uniqueList<T extends z.ZodType>(item: T, what: string) {
  return z
    .array(item, { error: `must be a list of ${what}s` })
    .refine((list) => new Set(list).size === list.length, `must not list the same ${what} twice`);
}

function nonEmptyUniqueList<T extends z.ZodType>(item: T, what: string) {
  return uniqueList(item, what).refine((list) => list.length > 0, `must list at least one ${what}`);
}

const productKeys = nonEmptyUniqueList(slug, 'product key');
const audienceKeys = nonEmptyUniqueList(slug, 'audience key');

export const articleFrontMatter = z.strictObject({
  urlName: slug,
  title: text(TITLE_MAX),
  summary: text(SUMMARY_MAX),
  contentType: text(60).default(DEFAULT_CONTENT_TYPE),
  products: productKeys,
  audiences: audienceKeys,
  topics: nonEmptyUniqueList(slug, 'topic slug'),
  team: text(80),
  region: z.enum(REGIONS, { error: `must be one of ${REGIONS.join(', ')}` }).optional(),
  created: contentDate,
  updated: contentDate,
  published: contentDate.optional(),
  related: uniqueList(slug, 'article url name').default([]),
});
export type ArticleFrontMatter = z.infer<typeof articleFrontMatter>;

export const guideFrontMatter = z.strictObject({
  slug,
  title: text(TITLE_MAX),
  summary: text(SUMMARY_MAX),
  products: productKeys,
  audiences: audienceKeys,
  topics: uniqueList(slug, 'topic slug').default([]),
  updated: contentDate,
  sections: z
    .array(
      z.strictObject({
        title: text(TITLE_MAX),
        summary: text(SUMMARY_MAX).optional(),
        articles: nonEmptyUniqueList(slug, 'article url name'),
      }),
      { error: 'must be a list of sections' },
    )
    .min(1, 'must list at least one section'),
});
export type GuideFrontMatter = z.infer<typeof guideFrontMatter>;

export const glossaryFrontMatter = z.strictObject({
  slug,
  term: text(TITLE_MAX),
  summary: text(SUMMARY_MAX),
  related: uniqueList(slug, 'article url name').default([]),
  seeAlso: uniqueList(slug, 'glossary slug').default([]),
});
export type GlossaryFrontMatter = z.infer<typeof glossaryFrontMatter>;

const hexColor = z
  .string({ error: 'must be a colour written #rrggbb' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
  .transform((value) => value.toLowerCase());

const httpUrl = z
  .string({ error: 'must be an absolute http(s) URL' })
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'must be an absolute http(s) URL',
  );

export const mediaReference = z
  .string({ error: 'must be written media/<file>' })
  .refine(
    (value) => value.startsWith('media/') && MEDIA_FILE.test(value.slice('media/'.length)),
    'must be written media/<file>',
  );

export const marketplaceAppFrontMatter = z
  .strictObject({
    slug,
    name: text(TITLE_MAX),
    tagline: text(SUMMARY_MAX),
    functions: nonEmptyUniqueList(text(60), 'function'),
    rating: z
      .number({ error: 'must be a number from 0 to 5' })
      .min(0, 'must be a number from 0 to 5')
      .max(5, 'must be a number from 0 to 5'),
    reviewCount: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must not be negative'),
    logoHexColor: hexColor.default(DEFAULT_APP_LOGO_COLOR),
    logo: mediaReference.optional(),
    hasListing: z.boolean({ error: 'must be true or false' }),
    landingPageUrl: httpUrl.optional(),
    products: productKeys,
    audiences: audienceKeys,
  })
  .superRefine((app, context) => {
    if (!app.hasListing && app.landingPageUrl === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['landingPageUrl'],
        message: 'is required when hasListing is false',
      });
    }
  });
export type MarketplaceAppFrontMatter = z.infer<typeof marketplaceAppFrontMatter>;

export const landingPageFrontMatter = z.strictObject({
  pageKey: z.enum(LANDING_PAGE_KEYS, { error: `must be one of ${LANDING_PAGE_KEYS.join(', ')}` }),
  title: text(TITLE_MAX),
  summary: text(SUMMARY_MAX),
  sections: z
    .array(
      z.strictObject({
        heading: text(TITLE_MAX),
        body: text().optional(),
        guides: uniqueList(slug, 'guide slug').default([]),
        articles: uniqueList(slug, 'article url name').default([]),
      }),
      { error: 'must be a list of sections' },
    )
    .default([]),
});
export type LandingPageFrontMatter = z.infer<typeof landingPageFrontMatter>;

const labelled = z.strictObject({ key: slug, name: text(TITLE_MAX) });

export const catalogueFile = z.strictObject({
  products: z
    .array(labelled, { error: 'must be a list of {key, name}' })
    .min(1, 'must list at least one product'),
  audiences: z
    .array(labelled, { error: 'must be a list of {key, name}' })
    .min(1, 'must list at least one audience'),
});
export type CatalogueFile = z.infer<typeof catalogueFile>;

const subtopic = z.strictObject({
  slug,
  name: text(TITLE_MAX),
  description: text(SUMMARY_MAX),
});

export const topicsFile = z.array(subtopic.extend({ children: z.array(subtopic).default([]) }), {
  error: 'must be a list of topics',
});
export type TopicsFile = z.infer<typeof topicsFile>;

/** The visitor's answer to 'Was this helpful?' under an article. */
export const articleFeedbackInput = z.strictObject({
  helpful: z.boolean({ error: 'Choose yes or no.' }),
  comment: z
    .string({ error: 'The comment must be text.' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `Keep the comment to ${FEEDBACK_COMMENT_MAX} characters or fewer.`)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type ArticleFeedbackInput = z.infer<typeof articleFeedbackInput>;
