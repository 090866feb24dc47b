import type { Insertable } from 'kysely';
import type { EngineQuery, SearchDocumentTable } from '~server/modules/search';

export type NewSearchDocument = Insertable<SearchDocumentTable>;

/** A search document of a help article, with `fields` over plain defaults. */
export function articleDocument(
  id: string,
  fields: Partial<NewSearchDocument> = {},
): NewSearchDocument {
  return {
    unique_id: id,
    origin: 'test',
    title: `Untitled ${id}`,
    excerpt: '',
    body_text: '',
    click_uri: `/s/article/${id}`,
    objecttype: 'Knowledge__kav',
    objecttypelabel: 'Knowledge',
    common_contenttype: 'Article',
    syssource: 'Portal',
    source: 'Portal',
    collection: 'default',
    documenttype: 'Knowledge__kav',
    language: 'en',
    permanentid: id,
    sfurlname: id,
    sfcoreproductc: '[]',
    sfaudiencec: '[]',
    topic_ids: '[]',
    sfcreateddate: '2026-01-01',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** A search engine request for `text`: relevance order, first 10, nothing filtered. */
export function engineRequest(text: string, extra: Partial<EngineQuery> = {}): EngineQuery {
  return {
    text,
    scope: {},
    filters: [],
    notFilters: [],
    facets: [],
    sort: 'relevancy',
    offset: 0,
    limit: 10,
    ...extra,
  };
}
