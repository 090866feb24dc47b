import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { AnswerCacheTable, AnswerEventTable, AnswerTables } from './answers.tables.ts';

type Db = ModuleDatabase<AnswerTables>;

export type CachedAnswer = Selectable<AnswerCacheTable>;
export type AnswerEvent = Selectable<AnswerEventTable>;

export interface CacheKey {
  questionKey: string;
  searchHub: string;
  region: string;
  contentVersion: number;
}

export async function findCachedAnswer(db: Db, key: CacheKey): Promise<CachedAnswer | undefined> {
  return db
    .selectFrom('answer_cache')
    .selectAll()
    .where('question_key', '=', key.questionKey)
    .where('search_hub', '=', key.searchHub)
    .where('region', '=', key.region)
    .where('content_version', '=', key.contentVersion)
    .executeTakeFirst();
}

export async function findCachedAnswerById(db: Db, id: string): Promise<CachedAnswer | undefined> {
  return db.selectFrom('answer_cache').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Stores an answer unless another process stored one for the same key first, and returns the
 * stored one, so every process hands out the same answer id. Answers of the same question for
 * earlier content versions are removed: they can never be served again.
 */
export async function storeCachedAnswer(
  db: Db,
  row: Insertable<AnswerCacheTable>,
): Promise<CachedAnswer> {
  await db
    .insertInto('answer_cache')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['question_key', 'search_hub', 'region', 'content_version']).doNothing(),
    )
    .execute();
  await db
    .deleteFrom('answer_cache')
    .where('question_key', '=', row.question_key)
    .where('search_hub', '=', row.search_hub)
    .where('region', '=', row.region)
    .where('content_version', '<', row.content_version)
    .execute();
  const stored = await findCachedAnswer(db, {
    questionKey: row.question_key,
    searchHub: row.search_hub,
    region: row.region,
    contentVersion: row.content_version,
  });
  if (stored === undefined) throw new Error('The answer cache row vanished after it was written');
  return stored;
}

export async function insertAnswerEvent(db: Db, row: Insertable<AnswerEventTable>): Promise<void> {
  await db.insertInto('answer_event').values(row).execute();
}

export async function listAnswerEvents(db: Db, answerId: string): Promise<AnswerEvent[]> {
  return db
    .selectFrom('answer_event')
    .selectAll()
    .where('answer_id', '=', answerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A deleted account's answer feedback, with the questions and reasons it typed, goes. */
export async function forgetAnswerEventsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('answer_event').where('user_id', '=', userId).execute();
}
