import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { resolveMediaReferences } from '~core/content';
import { mediaPath, type RouteContract } from '~core/routes';
import type { SiteNames } from '~core/site';
import { stableRecordId } from '~server/db/ids.ts';
import { UNUSED_SEARCH_FIELDS, type SearchDocumentTable } from '~server/modules/search';

/*
 * What every planned item is made of: its record id, the hash of everything written for it,
 * the search document it starts from, and what planning it needs to know about the folder.
 */

export type Row<T> = Omit<Insertable<T>, 'created_at' | 'updated_at' | 'content_hash'>;
export type SearchDocumentRow = Omit<Insertable<SearchDocumentTable>, 'updated_at'>;

export interface PlannedItem<T> {
  /** The slug, url name or page key the item is matched on. */
  key: string;
  path: string;
  hash: string;
  row: Row<T>;
  searchDocument?: SearchDocumentRow;
}

export const SEARCH_ORIGIN = 'content';
const LANGUAGE = 'en';
const SYSSOURCE = 'Help content';

/** The record ids of imported content, the same on every installation (docs/content-import.md). */
export const contentIds = {
  article: (urlName: string) => stableRecordId('article', urlName),
  guide: (slug: string) => stableRecordId('guide', slug),
  topic: (slug: string) => stableRecordId('topic', slug),
  glossaryEntry: (slug: string) => stableRecordId('glossaryEntry', slug),
  marketplaceApp: (slug: string) => stableRecordId('marketplaceApp', slug),
};

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

export interface PlanSettings extends SiteNames {
  /** The apps host of the marketplace: a listed app lives at {appsHost}/app/{slug}. */
  appsHost: string;
}

export interface TopicInfo {
  id: string;
  firstLevel: { id: string; name: string };
}

/** What planning one item needs to know about the rest of the folder. */
export interface PlanContext {
  settings: PlanSettings;
  contract: RouteContract;
  mediaKeys: ReadonlyMap<string, string>;
  topics: ReadonlyMap<string, TopicInfo>;
  productNames: (keys: string[]) => string;
  audienceNames: (keys: string[]) => string;
}

export function withMedia(markdown: string, context: PlanContext): string {
  return resolveMediaReferences(markdown, (file) => mediaPath(context.mediaKeys.get(file) ?? file));
}

export function emptyDocument(
  id: string,
  objecttype: string,
  objecttypelabel: string,
): SearchDocumentRow {
  return {
    ...UNUSED_SEARCH_FIELDS,
    unique_id: id,
    origin: SEARCH_ORIGIN,
    title: '',
    excerpt: '',
    body_text: '',
    click_uri: '',
    objecttype,
    objecttypelabel,
    common_contenttype: objecttype,
    syssource: SYSSOURCE,
    source: SYSSOURCE,
    collection: 'default',
    documenttype: objecttype,
    language: LANGUAGE,
    permanentid: id,
  };
}
