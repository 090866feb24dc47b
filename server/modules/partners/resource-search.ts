import type { Kysely } from 'kysely';
import { partnerResourceLibraryLink, RESOURCE_TYPES } from '~core/partner';
import { PARTNER_RESOURCE_OBJECT_TYPE } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import {
  listSearchDocuments,
  removeSearchDocument,
  saveSearchDocument,
  type SearchDocumentInput,
} from '~server/modules/search';
import type { PartnerResourceRow } from './partners.tables.ts';
import * as resources from './resources.repository.ts';

/*
 * The resource library in the site search, for partners only (core/search hiddenObjectTypes):
 * each resource in the library has a search document, written in the same transaction as the
 * resource, and a retired one has none.
 */

export const PARTNER_RESOURCE_SEARCH_ORIGIN = 'partner-resources';
const SOURCE = 'Partner programme';
const CONTENT_TYPE = 'Partner resource';

function typeLabel(type: string): string {
  const label = RESOURCE_TYPES.find((known) => known.value === type)?.label;
  // The library's filters name the types in the plural ('Marketing kits'); one result is one.
  return label ? label.replace(/s$/, '') : type;
}

export function resourceSearchDocument(resource: PartnerResourceRow): SearchDocumentInput {
  return {
    unique_id: resource.id,
    origin: PARTNER_RESOURCE_SEARCH_ORIGIN,
    title: resource.title,
    excerpt: resource.summary,
    body_text: `${typeLabel(resource.resource_type)}. ${resource.summary}`,
    click_uri: partnerResourceLibraryLink(resource.id),
    objecttype: PARTNER_RESOURCE_OBJECT_TYPE,
    objecttypelabel: CONTENT_TYPE,
    common_contenttype: CONTENT_TYPE,
    syssource: SOURCE,
    source: SOURCE,
    collection: 'default',
    documenttype: PARTNER_RESOURCE_OBJECT_TYPE,
    language: 'en',
    permanentid: resource.id,
    sfcoreproductc: JSON.stringify(resource.product ? [resource.product] : []),
    sfaudiencec: JSON.stringify(['partners']),
    sfcreateddate: resource.published_at,
    updated_at: resource.published_at,
  };
}

/** Writes (or, for a retired or unknown resource, removes) its search document. */
export async function indexResource(db: Kysely<Database>, resourceId: string): Promise<void> {
  const resource = await resources.findResource(db, resourceId);
  if (resource === undefined) await removeSearchDocument(db, resourceId);
  else await saveSearchDocument(db, resourceSearchDocument(resource));
}

/**
 * Brings the search documents in line with the library as a process starts: resources added
 * before search knew them (the library's first rows come with its migration) get theirs, and
 * only documents that differ are written, so a second process starting beside the first
 * changes nothing.
 */
export async function indexResourceLibrary(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const library = await resources.listResources(trx);
    const indexed = new Map(
      (await listSearchDocuments(trx, PARTNER_RESOURCE_SEARCH_ORIGIN)).map((document) => [
        document.unique_id,
        document,
      ]),
    );
    for (const resource of library) {
      const wanted = resourceSearchDocument(resource);
      const stored = indexed.get(resource.id);
      indexed.delete(resource.id);
      if (stored === undefined || differs(stored, wanted)) await saveSearchDocument(trx, wanted);
    }
    for (const gone of indexed.keys()) await removeSearchDocument(trx, gone);
  });
}

function differs(stored: Record<string, unknown>, wanted: SearchDocumentInput): boolean {
  return Object.entries(wanted).some(([field, value]) => stored[field] !== value);
}
