import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type { SearchDocumentTable } from './search-documents.tables.ts';

export type SearchDocument = Selectable<SearchDocumentTable>;

/**
 * Writes the search document of one item, replacing the one it had. Callers pass their
 * transaction, so the document changes together with the item it describes.
 */
export async function upsertSearchDocument(
  db: Kysely<Database>,
  document: Insertable<SearchDocumentTable>,
): Promise<void> {
  await db
    .insertInto('search_document')
    .values(document)
    .onConflict((conflict) => conflict.column('unique_id').doUpdateSet(document))
    .execute();
}

export async function deleteSearchDocument(db: Kysely<Database>, uniqueId: string): Promise<void> {
  await db.deleteFrom('search_document').where('unique_id', '=', uniqueId).execute();
}

export async function findSearchDocument(
  db: Kysely<Database>,
  uniqueId: string,
): Promise<SearchDocument | undefined> {
  return db
    .selectFrom('search_document')
    .selectAll()
    .where('unique_id', '=', uniqueId)
    .executeTakeFirst();
}

/** The documents one module owns, by unique id. */
export async function listSearchDocuments(
  db: Kysely<Database>,
  origin: string,
): Promise<SearchDocument[]> {
  return db
    .selectFrom('search_document')
    .selectAll()
    .where('origin', '=', origin)
    .orderBy('unique_id')
    .execute();
}
