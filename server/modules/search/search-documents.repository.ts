import type { Insertable, Selectable } from 'kysely';
import { LEARNING_CONTENT_TYPES, LEARNING_OBJECT_TYPES } from '~core/search';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { SearchDocumentTable } from './search-documents.tables.ts';
import type { SearchTables } from './search.tables.ts';

type Db = ModuleDatabase<SearchTables>;

export type SearchDocument = Selectable<SearchDocumentTable>;

/**
 * Writes the search document of one item, replacing the one it had. Callers pass their
 * transaction, so the document changes together with the item it describes.
 */
export async function upsertSearchDocument(
  db: Db,
  document: Insertable<SearchDocumentTable>,
): Promise<void> {
  await upsertSearchDocuments(db, [document]);
}

// Bound parameters a statement may carry: SQLite allows 32,766, PostgreSQL 65,535.
const PARAMETERS_PER_STATEMENT = 30_000;

/**
 * Writes many items' search documents, replacing those they had, a few hundred rows a
 * statement: the index's triggers then count each batch's words once. Documents of the same
 * fields share a statement; a field a document leaves out keeps its stored value; of two
 * documents with one id, the later wins.
 */
export async function upsertSearchDocuments(
  db: Db,
  documents: readonly Insertable<SearchDocumentTable>[],
): Promise<void> {
  // A field given as undefined is left out, as Kysely leaves it out of a single row's update.
  const latest = new Map(
    documents.map((document) => [
      document.unique_id,
      Object.fromEntries(
        Object.entries(document).filter(([, value]) => value !== undefined),
      ) as Insertable<SearchDocumentTable>,
    ]),
  );
  const byFields = new Map<string, Insertable<SearchDocumentTable>[]>();
  for (const document of latest.values()) {
    const fields = Object.keys(document).sort().join(',');
    const sharing = byFields.get(fields);
    if (sharing === undefined) byFields.set(fields, [document]);
    else sharing.push(document);
  }
  for (const [fields, rows] of byFields) {
    const columns = fields.split(',') as (keyof SearchDocumentTable & string)[];
    const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns.length));
    for (let start = 0; start < rows.length; start += perStatement) {
      await db
        .insertInto('search_document')
        .values(rows.slice(start, start + perStatement))
        .onConflict((conflict) =>
          conflict
            .column('unique_id')
            .doUpdateSet((row) =>
              Object.fromEntries(columns.map((column) => [column, row.ref(`excluded.${column}`)])),
            ),
        )
        .execute();
    }
  }
}

export async function deleteSearchDocument(db: Db, uniqueId: string): Promise<void> {
  await db.deleteFrom('search_document').where('unique_id', '=', uniqueId).execute();
}

export async function findSearchDocument(
  db: Db,
  uniqueId: string,
): Promise<SearchDocument | undefined> {
  return db
    .selectFrom('search_document')
    .selectAll()
    .where('unique_id', '=', uniqueId)
    .executeTakeFirst();
}

/** The documents one module owns, by unique id. */
export async function listSearchDocuments(db: Db, origin: string): Promise<SearchDocument[]> {
  return db
    .selectFrom('search_document')
    .selectAll()
    .where('origin', '=', origin)
    .orderBy('unique_id')
    .execute();
}

/** The documents with these unique ids, in no particular order. */
export async function listSearchDocumentsByIds(
  db: Db,
  uniqueIds: readonly string[],
): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  // Chunked: both drivers limit how many parameters one statement may bind.
  for (let start = 0; start < uniqueIds.length; start += 500) {
    const rows = await db
      .selectFrom('search_document')
      .selectAll()
      .where('unique_id', 'in', uniqueIds.slice(start, start + 500))
      .execute();
    documents.push(...rows);
  }
  return documents;
}

/** Learning items (courses, classrooms, webinars, plans, tracks), by unique id. */
export async function listLearningItemDocuments(db: Db): Promise<SearchDocument[]> {
  return db
    .selectFrom('search_document')
    .selectAll()
    .where((where) =>
      where.or([
        where('common_contenttype', 'in', [...LEARNING_CONTENT_TYPES]),
        where('objecttype', 'in', [...LEARNING_OBJECT_TYPES]),
      ]),
    )
    .orderBy('unique_id')
    .execute();
}

/** How many documents search holds. */
export async function countSearchDocuments(db: Db): Promise<number> {
  const row = await db
    .selectFrom('search_document')
    .select((select) => select.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
