import type { LandingPageKey } from '~core/content';
import type { Region } from '~core/regions';

/*
 * What the knowledge base hands to pages and other modules. Dates of content are calendar
 * dates written YYYY-MM-DD; Markdown bodies have their media references already turned into
 * media paths (/cms/delivery/media/{contentKey}).
 */

/** A product or an audience: its catalogue key and its display name. */
export interface Label {
  key: string;
  name: string;
}

export interface TopicRef {
  id: string;
  slug: string;
  name: string;
}

export interface TopicWithParent extends TopicRef {
  /** The first-level topic above this one; absent for a first-level topic. */
  parent?: TopicRef;
}

/** A topic with its place in the tree, for modules that file their items under topics. */
export interface TopicOutline extends TopicRef {
  description: string;
  /** The first-level topic above this one, or null for a first-level topic. */
  parentId: string | null;
}

export interface ArticleSummary {
  id: string;
  urlName: string;
  title: string;
  summary: string;
}

export interface Article extends ArticleSummary {
  contentType: string;
  /** Markdown, headings from level 2 down. */
  body: string;
  products: Label[];
  audiences: Label[];
  topics: TopicWithParent[];
  team: string;
  region?: Region;
  created: string;
  updated: string;
  published: string;
  /** The related articles that exist, in the order the article lists them. */
  related: ArticleSummary[];
  /** The guides that include this article, by title. */
  guides: GuideSummary[];
}

export interface GuideSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
}

export interface GuideSection {
  title: string;
  summary?: string;
  articles: ArticleSummary[];
}

export interface Guide extends GuideSummary {
  /** The introduction, Markdown. */
  body: string;
  products: Label[];
  audiences: Label[];
  topics: TopicWithParent[];
  updated: string;
  sections: GuideSection[];
}

export interface TopicSummary extends TopicRef {
  description: string;
  /** Articles filed under the topic or any of its subtopics. */
  articleCount: number;
  /** Guides filed under the topic or any of its subtopics. */
  guideCount: number;
}

export interface Topic extends TopicSummary {
  parent?: TopicRef;
  subtopics: TopicSummary[];
  /** Articles filed under the topic or any of its subtopics, by title, with their last change. */
  articles: (ArticleSummary & { updated: string })[];
  /** Guides filed under the topic or any of its subtopics, by title. */
  guides: GuideSummary[];
  updated?: string;
}

/** A first-level topic of the catalogue with its subtopics, in display order. */
export interface TopicCatalogEntry extends TopicSummary {
  subtopics: TopicSummary[];
}

export interface GlossaryEntrySummary {
  id: string;
  slug: string;
  term: string;
  summary: string;
}

export interface GlossaryEntry extends GlossaryEntrySummary {
  /** The full definition, Markdown. */
  body: string;
  related: ArticleSummary[];
  seeAlso: GlossaryEntrySummary[];
}

export interface MarketplaceApp {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  /** The description, Markdown. */
  body: string;
  functions: string[];
  rating: number;
  reviewCount: number;
  logoHexColor: string;
  /** A media path, when the app has a logo. */
  logoUrl?: string;
  hasListing: boolean;
  landingPageUrl?: string;
  products: Label[];
  audiences: Label[];
}

export interface LandingPageSection {
  heading: string;
  body?: string;
  guides: GuideSummary[];
  articles: ArticleSummary[];
}

export interface LandingPage {
  pageKey: LandingPageKey;
  title: string;
  summary: string;
  body: string;
  sections: LandingPageSection[];
  updated: string;
}

/**
 * One public page for the sitemap and its date: a route-contract page key with its parameters,
 * or the site path of a page the route table does not have (the glossary).
 */
export type SitemapEntry = (
  { pageKey: string; params: { id?: string; urlName?: string } } | { path: string }
) & { lastmod?: string };

/** An article's own words, which generated answers quote: its summary and Markdown body. */
export interface ArticleText {
  id: string;
  urlName: string;
  summary: string;
  body: string;
}

/** A guide's introduction, and its sections' titles and summaries, for answers to quote. */
export interface GuideText {
  id: string;
  slug: string;
  summary: string;
  body: string;
  sections: { title: string; summary: string | null }[];
}

export interface GlossaryEntryText {
  id: string;
  slug: string;
  summary: string;
  body: string;
}

export interface MediaFile {
  contentKey: string;
  contentType: string;
  bytes: Uint8Array;
}

export type FeedbackResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'unknown-article' }
  | { ok: false; reason: 'invalid'; field: string; message: string };
