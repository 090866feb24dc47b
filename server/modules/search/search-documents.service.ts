import type { Insertable, Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { deleteSearchDocument, upsertSearchDocuments } from './search-documents.repository.ts';
import type { SearchDocumentTable } from './search-documents.tables.ts';
import { UNUSED_SEARCH_FIELDS } from './unused-search-fields.ts';

type DocumentRow = Insertable<SearchDocumentTable>;
type UnusedField = keyof typeof UNUSED_SEARCH_FIELDS;

/** A search document as another module writes it: the raw fields it uses; the rest stay empty. */
export type SearchDocumentInput = Omit<DocumentRow, UnusedField> &
  Partial<Pick<DocumentRow, UnusedField>>;

/**
 * Writes the search document of one of a module's items, replacing the one it had. Callers
 * pass their transaction, so the document changes together with the item it describes.
 */
export async function saveSearchDocument(
  db: Kysely<Database>,
  document: SearchDocumentInput,
): Promise<void> {
  await saveSearchDocuments(db, [document]);
}

/** Writes many items' search documents (an import, a sync), a batch a statement. */
export async function saveSearchDocuments(
  db: Kysely<Database>,
  documents: readonly SearchDocumentInput[],
): Promise<void> {
  await upsertSearchDocuments(
    db,
    documents.map((document) => ({ ...UNUSED_SEARCH_FIELDS, ...document })),
  );
}

/** Removes an item's search document (a hidden or deleted item), in the caller's transaction. */
export async function removeSearchDocument(db: Kysely<Database>, uniqueId: string): Promise<void> {
  await deleteSearchDocument(db, uniqueId);
}
