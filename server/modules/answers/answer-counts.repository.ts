import type { ModuleDatabase } from '~server/db/schema.ts';
import type { AnswerEventKind, AnswerTables } from './answers.tables.ts';

/* What the insight rollup and dashboards read of the answers' events (docs/insight.md). */

type Db = ModuleDatabase<AnswerTables>;

export interface DailyAnswerCount {
  kind: AnswerEventKind;
  searchHub: string;
  answerId: string;
  reason: string | null;
  citationId: string | null;
  /** Whether the answer was a decline (no answer could be given from the content). */
  declined: boolean;
  events: number;
}

/** One day's events the visitors' consent allows to count, per kind, hub, answer and reason. */
export async function countAnswerEventsBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<DailyAnswerCount[]> {
  const rows = await db
    .selectFrom('answer_event as e')
    .leftJoin('answer_cache as a', 'a.id', 'e.answer_id')
    .select((eb) => [
      'e.kind',
      'e.search_hub',
      'e.answer_id',
      'e.reason',
      'e.citation_id',
      'a.declined',
      eb.fn.countAll<number | string>().as('events'),
    ])
    .where('e.created_at', '>=', range.start)
    .where('e.created_at', '<', range.end)
    .where('e.statistics', '=', 1)
    .groupBy(['e.kind', 'e.search_hub', 'e.answer_id', 'e.reason', 'e.citation_id', 'a.declined'])
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    searchHub: row.search_hub,
    answerId: row.answer_id,
    reason: row.reason,
    citationId: row.citation_id,
    declined: row.declined === 1,
    events: Number(row.events),
  }));
}

export interface AnswerRecord {
  id: string;
  question: string;
  answer: string;
  declined: boolean;
  /** The cited pages: title and address. */
  citations: { id: string; title: string; uri: string }[];
}

/** Answers by id, as they were given; an answer whose cache entry is gone is left out. */
export async function findAnswerRecords(db: Db, ids: readonly string[]): Promise<AnswerRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('answer_cache')
    .select(['id', 'question_text', 'answer_text', 'declined', 'citations'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    question: row.question_text,
    answer: row.answer_text,
    declined: row.declined === 1,
    citations: (JSON.parse(row.citations) as { id: string; title: string; uri: string }[]).map(
      (citation) => ({ id: citation.id, title: citation.title, uri: citation.uri }),
    ),
  }));
}

/** The details visitors wrote with their dislikes of these answers, newest first. */
export async function listDislikeDetails(
  db: Db,
  answerIds: readonly string[],
  range: { start: string; end: string },
): Promise<{ answerId: string; reason: string | null; details: string }[]> {
  if (answerIds.length === 0) return [];
  const rows = await db
    .selectFrom('answer_event')
    .select(['answer_id', 'reason', 'details'])
    .where('kind', '=', 'disliked')
    .where('statistics', '=', 1)
    .where('answer_id', 'in', answerIds)
    .where('details', 'is not', null)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    answerId: row.answer_id,
    reason: row.reason,
    details: row.details!,
  }));
}

/** Deletes answer events recorded before a time (the insight retention). */
export async function deleteAnswerEventsBefore(db: Db, before: string): Promise<number> {
  const deleted = await db
    .deleteFrom('answer_event')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
