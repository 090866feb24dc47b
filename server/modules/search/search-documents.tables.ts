import type { Generated } from 'kysely';
/*
 * One row per searchable item, holding the raw fields of a search result (spec section 3)
 * under their spec names. Lists (sfcoreproductc, sfaudiencec, mpfunctions, topic_ids) are JSON
 * text; mphaslisting is the string 'true' or 'false' as the spec gives it. click_uri is a site
 * path ('/s/article/…') for portal pages and an absolute URL for pages elsewhere.
 * origin names the module that owns the row, so each module replaces only its own rows.
 */
export interface SearchDocumentTable {
  unique_id: string;
  origin: string;
  title: string;
  excerpt: string;
  body_text: string;
  /** Section headings, one a line (migration 0045): ranked above the body, below the title. */
  headings: Generated<string>;
  click_uri: string;
  objecttype: string;
  objecttypelabel: string;
  common_contenttype: string;
  syssource: string;
  source: string;
  collection: string;
  documenttype: string;
  language: string;
  permanentid: string;
  author: string | null;
  region: string | null;
  sfkbid: string | null;
  sfurlname: string | null;
  sfguidecid: string | null;
  sftopicid: string | null;
  sftopicfirstlevelc: string | null;
  sfcoreproductc: string;
  sfaudiencec: string;
  sfcreateddate: string | null;
  sfcreatedbyname: string | null;
  sfdescription: string | null;
  /** Discussions (0008-community): the discussion's id, on the discussion and its answers. */
  sffeeditemid?: string | null;
  sfbestcommentid?: string | null;
  /** The number of answers, so search shows 'Answered' (spec 2.6). */
  sfcommentcount?: number | null;
  /** JSON list of the discussion's topic names. */
  coveochatterfeedtopics?: string | null;
  /** Every topic the item is filed under, with their first-level topics (JSON list of ids). */
  topic_ids: string;
  mphaslisting: string | null;
  mpslug: string | null;
  mplandingpageurl: string | null;
  mplogohexcolor: string | null;
  mplogourl: string | null;
  mpfunctions: string | null;
  mpdescription: string | null;
  mprating: number | null;
  mpreviewcount: number | null;
  /** Learning items only (migration 0009-learning): the learning fields of spec 3. */
  sflearning_format__c: string | null;
  sfintellumapp__id__c: string | null;
  sfredwingtrainingplancid: string | null;
  sfredwingtrainingtrackcid: string | null;
  /** In-person classrooms' next class date (YYYY-MM-DD) per region, spec 3. */
  sfnext_class_australia__c: string | null;
  sfnext_class_canada__c: string | null;
  sfnext_class_hong_kong__c: string | null;
  sfnext_class_malaysia__c: string | null;
  sfnext_class_new_zealand__c: string | null;
  sfnext_class_singapore__c: string | null;
  sfnext_class_south_africa__c: string | null;
  sfnext_class_united_kingdom__c: string | null;
  sfnext_class_united_states__c: string | null;
  sfnext_class_rest_of_world__c: string | null;
  updated_at: string;
}

export interface SearchDocumentTables {
  search_document: SearchDocumentTable;
}
