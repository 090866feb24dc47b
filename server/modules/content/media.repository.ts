import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';
import type { MediaFile } from './content.types.ts';

type Db = ModuleDatabase<ContentTables>;

export async function findMedia(db: Db, contentKey: string): Promise<MediaFile | undefined> {
  const row = await db
    .selectFrom('kb_media')
    .select(['content_key', 'content_type', 'bytes'])
    .where('content_key', '=', contentKey)
    .executeTakeFirst();
  if (!row) return undefined;
  return { contentKey: row.content_key, contentType: row.content_type, bytes: row.bytes };
}
