import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PartnerResourceRow, PartnersTables } from './partners.tables.ts';

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
