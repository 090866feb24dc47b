import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PartnerResourceFileTable,
  PartnerResourceRow,
  PartnersTables,
} from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* The partner resource library. */

export async function listResources(db: Db): Promise<PartnerResourceRow[]> {
  return db
    .selectFrom('partner_resource')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('title')
    .execute();
}

/** A resource still in the library: a retired one cannot be downloaded, whatever link is used. */
export async function findResource(db: Db, id: string): Promise<PartnerResourceRow | undefined> {
  return db
    .selectFrom('partner_resource')
    .selectAll()
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/** One more download, counted in the row so that concurrent downloads each count. */
export async function countDownload(db: Db, id: string): Promise<void> {
  await db
    .updateTable('partner_resource')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** What is known of a resource's uploaded file without reading its bytes. */
export async function findResourceFile(db: Db, resourceId: string) {
  return db
    .selectFrom('partner_resource_file')
    .select(['file_name', 'content_type', 'size', 'sha256'])
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
}

/** A resource's uploaded file with its bytes, for a download. */
export async function readResourceFile(db: Db, resourceId: string) {
  return db
    .selectFrom('partner_resource_file')
    .select(['file_name', 'content_type', 'size', 'bytes'])
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
}

/** Keeps the file as the resource's, in place of one uploaded before. */
export async function saveResourceFile(db: Db, file: PartnerResourceFileTable): Promise<void> {
  await db
    .insertInto('partner_resource_file')
    .values(file)
    .onConflict((conflict) =>
      conflict.column('resource_id').doUpdateSet({
        file_name: file.file_name,
        content_type: file.content_type,
        size: file.size,
        sha256: file.sha256,
        bytes: file.bytes,
        uploaded_at: file.uploaded_at,
      }),
    )
    .execute();
}

export async function removeResourceFile(db: Db, resourceId: string): Promise<void> {
  await db.deleteFrom('partner_resource_file').where('resource_id', '=', resourceId).execute();
}
