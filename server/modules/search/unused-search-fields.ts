import type { Insertable } from 'kysely';
import type { SearchDocumentTable } from './search-documents.tables.ts';

/**
 * The raw fields as they stand in a search document that does not use them: each kind of
 * content starts from these and sets its own (lists are JSON text, so an empty list is '[]').
 */
export const UNUSED_SEARCH_FIELDS = {
  author: null,
  region: null,
  sfkbid: null,
  sfurlname: null,
  sfguidecid: null,
  sftopicid: null,
  sftopicfirstlevelc: null,
  sfcoreproductc: '[]',
  sfaudiencec: '[]',
  sfcreateddate: null,
  sfcreatedbyname: null,
  sfdescription: null,
  topic_ids: '[]',
  mphaslisting: null,
  mpslug: null,
  mplandingpageurl: null,
  mplogohexcolor: null,
  mplogourl: null,
  mpfunctions: null,
  mpdescription: null,
  mprating: null,
  mpreviewcount: null,
} as const satisfies Partial<Insertable<SearchDocumentTable>>;
