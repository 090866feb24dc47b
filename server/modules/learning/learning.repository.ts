import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  LearningCertificationTable,
  LearningItemTable,
  LearningNextClassTable,
  LearningSessionTable,
  LearningTables,
} from './learning.tables.ts';

type Db = ModuleDatabase<LearningTables>;

export type LearningItemRow = Selectable<LearningItemTable>;
export type LearningSessionRow = Selectable<LearningSessionTable>;
export type LearningCertificationRow = Selectable<LearningCertificationTable>;

export interface StoredHash {
  id: string;
  platformId: string;
  contentHash: string;
}

/** The records a sync compares by content hash: catalogue items and certifications. */
type HashedTable = 'learning_item' | 'learning_certification';

const storedHash = (row: { id: string; platform_id: string; content_hash: string }) => ({
  id: row.id,
  platformId: row.platform_id,
  contentHash: row.content_hash,
});

async function listHashes(db: Db, table: HashedTable): Promise<StoredHash[]> {
  const rows = await db.selectFrom(table).select(['id', 'platform_id', 'content_hash']).execute();
  return rows.map(storedHash);
}

async function findHash(
  db: Db,
  table: HashedTable,
  platformId: string,
): Promise<StoredHash | undefined> {
  const row = await db
    .selectFrom(table)
    .select(['id', 'platform_id', 'content_hash'])
    .where('platform_id', '=', platformId)
    .executeTakeFirst();
  return row && storedHash(row);
}

export const listItemHashes = (db: Db) => listHashes(db, 'learning_item');
export const findItemHash = (db: Db, platformId: string) =>
  findHash(db, 'learning_item', platformId);
export const listCertificationHashes = (db: Db) => listHashes(db, 'learning_certification');
export const findCertificationHash = (db: Db, platformId: string) =>
  findHash(db, 'learning_certification', platformId);

/** Writes an item with its sessions and next class dates, replacing what it had. */
export async function saveItem(
  db: Db,
  item: Insertable<LearningItemTable>,
  sessions: readonly Insertable<LearningSessionTable>[],
  nextClasses: readonly Insertable<LearningNextClassTable>[],
): Promise<void> {
  // An update keeps the day the item first arrived.
  const changes: Partial<Insertable<LearningItemTable>> = { ...item };
  delete changes.created_at;
  await db
    .insertInto('learning_item')
    .values(item)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
    .execute();
  await db.deleteFrom('learning_session').where('item_id', '=', item.id).execute();
  await db.deleteFrom('learning_next_class').where('item_id', '=', item.id).execute();
  if (sessions.length > 0)
    await db
      .insertInto('learning_session')
      .values([...sessions])
      .execute();
  if (nextClasses.length > 0) {
    await db
      .insertInto('learning_next_class')
      .values([...nextClasses])
      .execute();
  }
}

export async function deleteItems(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('learning_session')
    .where('item_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('learning_next_class')
    .where('item_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('learning_item')
    .where('id', 'in', [...ids])
    .execute();
}

export async function saveCertification(
  db: Db,
  certification: Insertable<LearningCertificationTable>,
): Promise<void> {
  await db
    .insertInto('learning_certification')
    .values(certification)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(certification))
    .execute();
}

export async function deleteCertifications(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('learning_certification')
    .where('id', 'in', [...ids])
    .execute();
}

export interface StoredCounts {
  items: number;
  sessions: number;
  nextClasses: number;
  certifications: number;
}

export async function countRows(db: Db): Promise<StoredCounts> {
  const count = async (
    table: 'learning_item' | 'learning_session' | 'learning_next_class' | 'learning_certification',
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    items: await count('learning_item'),
    sessions: await count('learning_session'),
    nextClasses: await count('learning_next_class'),
    certifications: await count('learning_certification'),
  };
}

export async function listItems(db: Db): Promise<LearningItemRow[]> {
  return db.selectFrom('learning_item').selectAll().orderBy('title').orderBy('id').execute();
}

export type SessionWithItem = LearningSessionRow & {
  item_platform_id: string;
  item_kind: string;
  item_title: string;
  item_description: string;
  item_format: string;
};

const sessionWithItem = (db: Db) =>
  db
    .selectFrom('learning_session')
    .innerJoin('learning_item', 'learning_item.id', 'learning_session.item_id')
    .selectAll('learning_session')
    .select([
      'learning_item.platform_id as item_platform_id',
      'learning_item.kind as item_kind',
      'learning_item.title as item_title',
      'learning_item.description as item_description',
      'learning_item.format as item_format',
    ]);

/** Sessions starting at or after `from`, soonest first, of one region or item kind if given. */
export async function listSessionsFrom(
  db: Db,
  from: string,
  limit: number,
  only: { region?: string | undefined; kind?: string | undefined } = {},
): Promise<SessionWithItem[]> {
  let query = sessionWithItem(db).where('learning_session.starts_at', '>=', from);
  if (only.region !== undefined) query = query.where('learning_session.region', '=', only.region);
  if (only.kind !== undefined) query = query.where('learning_item.kind', '=', only.kind);
  return query
    .orderBy('learning_session.starts_at')
    .orderBy('learning_session.id')
    .limit(limit)
    .execute();
}

export async function findSession(db: Db, id: string): Promise<SessionWithItem | undefined> {
  return sessionWithItem(db).where('learning_session.id', '=', id).executeTakeFirst();
}

/** The certifications of several people at once, by their e-mail addresses. */
export async function listCertificationsByEmails(
  db: Db,
  emails: readonly string[],
): Promise<LearningCertificationRow[]> {
  if (emails.length === 0) return [];
  return db
    .selectFrom('learning_certification')
    .selectAll()
    .where(
      'user_email',
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .orderBy('earned_on', 'desc')
    .orderBy('id')
    .execute();
}

export async function listCertificationsByEmail(
  db: Db,
  email: string,
): Promise<LearningCertificationRow[]> {
  return db
    .selectFrom('learning_certification')
    .selectAll()
    .where('user_email', '=', email.toLowerCase())
    .orderBy('earned_on', 'desc')
    .orderBy('id')
    .execute();
}

export async function listNextClasses(db: Db): Promise<Selectable<LearningNextClassTable>[]> {
  return db.selectFrom('learning_next_class').selectAll().execute();
}

/**
 * Takes a webhook delivery id for this delivery: false when it was taken before. Ids received
 * before `forgetBefore` are let go first, since their deliveries are too old to be accepted.
 */
export async function claimWebhookDelivery(
  db: Db,
  deliveryId: string,
  receivedAt: string,
  forgetBefore: string,
): Promise<boolean> {
  await db
    .deleteFrom('learning_webhook_delivery')
    .where('received_at', '<', forgetBefore)
    .execute();
  const inserted = await db
    .insertInto('learning_webhook_delivery')
    .values({ delivery_id: deliveryId, received_at: receivedAt })
    .onConflict((conflict) => conflict.column('delivery_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * A deleted account's certifications as the portal copied them; the learning platform keeps its
 * own, and a later sync brings back only what it still holds for the address.
 */
export async function forgetLearnerCertifications(db: Db, email: string): Promise<void> {
  await db.deleteFrom('learning_certification').where('user_email', '=', email).execute();
}
