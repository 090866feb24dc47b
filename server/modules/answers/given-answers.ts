import type { AnswerCitation } from '~core/answers';
import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { findCachedAnswerById } from './answers.repository.ts';

/** An answer the stream gave, as another flow keeps it (a chat's transcript). */
export interface GivenAnswer {
  answerId: string;
  /** The answer's sentences with their citation markers, or the no-answer sentence. */
  text: string;
  declined: boolean;
  citations: Pick<AnswerCitation, 'number' | 'title' | 'uri'>[];
}

/**
 * The answer with this id as the answer service stored it, so a flow that showed it keeps the
 * service's words rather than whatever a browser says it was shown. Undefined for an unknown
 * id (or one retired when the content changed).
 */
export async function findGivenAnswer(
  db: Kysely<Database>,
  answerId: string,
): Promise<GivenAnswer | undefined> {
  const row = await findCachedAnswerById(db, answerId);
  if (!row) return undefined;
  const citations = JSON.parse(row.citations) as AnswerCitation[];
  return {
    answerId: row.id,
    text: row.answer_text.split('\n').join(' '),
    declined: row.declined === 1,
    citations: citations.map(({ number, title, uri }) => ({ number, title, uri })),
  };
}
