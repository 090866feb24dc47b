import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import {
  insertSearchClick,
  insertSearchQueryLog,
  insertSearchUsageEvent,
  listZeroResultQueries,
  type ZeroResultQuery,
} from './search-analytics.repository.ts';

export interface SearchLogEntry {
  searchUid: string;
  searchHub: string;
  tab?: string;
  query: string;
  resultCount: number;
  isGuest: boolean;
  userRegion?: string;
  cause?: string;
  causeMetadata?: Readonly<Record<string, string>>;
  visitorKey?: string;
  at: Date;
}

export async function recordSearch(db: Kysely<Database>, entry: SearchLogEntry): Promise<void> {
  await insertSearchQueryLog(db, {
    id: newRecordId('searchQuery'),
    search_uid: entry.searchUid,
    search_hub: entry.searchHub,
    tab: entry.tab ?? null,
    query_text: entry.query,
    result_count: entry.resultCount,
    is_guest: entry.isGuest ? 1 : 0,
    user_region: entry.userRegion ?? null,
    cause: entry.cause ?? null,
    cause_metadata: entry.causeMetadata ? JSON.stringify(entry.causeMetadata) : null,
    visitor_key: entry.visitorKey ?? null,
    searched_at: entry.at.toISOString(),
  });
}

export async function recordResultClick(
  db: Kysely<Database>,
  click: { searchUid: string; uniqueId: string; position: number; at: Date },
): Promise<void> {
  await insertSearchClick(db, {
    id: newRecordId('searchClick'),
    search_uid: click.searchUid,
    unique_id: click.uniqueId,
    position: click.position,
    clicked_at: click.at.toISOString(),
  });
}

/** The queries people typed that found nothing: what the content is missing. */
export function zeroResultQueries(
  db: Kysely<Database>,
  options: { since: Date; limit?: number },
): Promise<ZeroResultQuery[]> {
  return listZeroResultQueries(db, {
    since: options.since.toISOString(),
    limit: options.limit ?? 50,
  });
}

export interface SearchUsageEntry {
  kind: 'custom' | 'view';
  searchHub?: string;
  searchUid?: string;
  eventType: string;
  eventValue?: string;
  contentIdKey?: string;
  contentIdValue?: string;
  at: Date;
}

/** Keeps a custom or view event of the search library; callers check the visitor's consent. */
export async function recordSearchUsageEvent(
  db: Kysely<Database>,
  entry: SearchUsageEntry,
): Promise<void> {
  await insertSearchUsageEvent(db, {
    id: newRecordId('searchUsageEvent'),
    kind: entry.kind,
    search_hub: entry.searchHub ?? null,
    search_uid: entry.searchUid ?? null,
    event_type: entry.eventType,
    event_value: entry.eventValue ?? null,
    content_id_key: entry.contentIdKey ?? null,
    content_id_value: entry.contentIdValue ?? null,
    occurred_at: entry.at.toISOString(),
  });
}
