/*
 * The knowledge-base tables (migration 0004-knowledge). List-valued fields that are only
 * read with their item (products, audiences, functions, related url names) are JSON text;
 * relations that are queried (topic membership, guide sections) have tables of their own.
 * Content dates are YYYY-MM-DD text; row times (created_at, updated_at) are ISO-8601 UTC.
 * content_hash is a hash of the imported file, so an unchanged file leaves its rows alone.
 */

export interface KbCatalogueLabelTable {
  kind: 'product' | 'audience';
  key: string;
  name: string;
  position: number;
}

export interface KbTopicTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  parent_id: string | null;
  position: number;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface KbArticleTable {
  id: string;
  url_name: string;
  title: string;
  summary: string;
  body: string;
  content_type: string;
  /** JSON list of catalogue product keys. */
  products: string;
  /** JSON list of catalogue audience keys. */
  audiences: string;
  /** JSON list of related article url names, in the written order. */
  related: string;
  team: string;
  region: string | null;
  created_date: string;
  updated_date: string;
  published_date: string;
  source_path: string;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface KbArticleTopicTable {
  article_id: string;
  topic_id: string;
  position: number;
}

export interface KbGuideTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  products: string;
  audiences: string;
  updated_date: string;
  source_path: string;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface KbGuideTopicTable {
  guide_id: string;
  topic_id: string;
  position: number;
}

export interface KbGuideSectionTable {
  guide_id: string;
  position: number;
  title: string;
  summary: string | null;
}

export interface KbGuideArticleTable {
  guide_id: string;
  section_position: number;
  position: number;
  article_id: string;
}

export interface KbGlossaryEntryTable {
  id: string;
  slug: string;
  term: string;
  summary: string;
  body: string;
  /** JSON list of article url names. */
  related: string;
  /** JSON list of glossary slugs. */
  see_also: string;
  source_path: string;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface KbMarketplaceAppTable {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  body: string;
  /** JSON list of function names. */
  functions: string;
  rating: number;
  review_count: number;
  logo_hex_color: string;
  logo_url: string | null;
  has_listing: number;
  landing_page_url: string | null;
  products: string;
  audiences: string;
  source_path: string;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface KbLandingPageTable {
  page_key: string;
  title: string;
  summary: string;
  body: string;
  /** JSON list of {heading, body?, guides: [slug], articles: [urlName]}. */
  sections: string;
  source_path: string;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface KbMediaTable {
  /** The file name under content/media, which Markdown refers to. */
  file_name: string;
  /** A hash of the bytes: the address changes whenever the bytes do. */
  content_key: string;
  content_type: string;
  byte_size: number;
  bytes: Uint8Array;
  created_at: string;
  updated_at: string;
}

export interface KbArticleFeedbackTable {
  id: string;
  article_id: string;
  helpful: number;
  comment: string | null;
  user_id: string | null;
  created_at: string;
}

export interface ContentTables {
  kb_catalogue_label: KbCatalogueLabelTable;
  kb_topic: KbTopicTable;
  kb_article: KbArticleTable;
  kb_article_topic: KbArticleTopicTable;
  kb_guide: KbGuideTable;
  kb_guide_topic: KbGuideTopicTable;
  kb_guide_section: KbGuideSectionTable;
  kb_guide_article: KbGuideArticleTable;
  kb_glossary_entry: KbGlossaryEntryTable;
  kb_marketplace_app: KbMarketplaceAppTable;
  kb_landing_page: KbLandingPageTable;
  kb_media: KbMediaTable;
  kb_article_feedback: KbArticleFeedbackTable;
}
