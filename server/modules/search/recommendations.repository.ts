import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type { SearchDocument } from './search-documents.repository.ts';

/** The search documents with these unique ids, in no particular order. */
export async function listSearchDocumentsByIds(
  db: Kysely<Database>,
  uniqueIds: readonly string[],
): Promise<SearchDocument[]> {
  if (uniqueIds.length === 0) return [];
  return db
    .selectFrom('search_document')
    .selectAll()
    .where('unique_id', 'in', [...uniqueIds])
    .execute();
}
