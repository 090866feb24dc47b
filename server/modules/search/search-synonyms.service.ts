import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseSynonymTerms } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import { insertSynonym, listSynonymTerms } from './search-synonyms.repository.ts';

export type SynonymOutcome =
  { ok: true; terms: string[]; added: boolean } | { ok: false; problem: string };

/**
 * Adds a synonym rule staff typed; it applies to the next search of every process (the
 * index version goes up with it). Adding a rule that is there already changes nothing.
 */
export async function addSynonym(
  db: Kysely<Database>,
  typed: string,
  by: { userId: string; at: Date },
): Promise<SynonymOutcome> {
  const parsed = parseSynonymTerms(typed);
  if ('problem' in parsed) return { ok: false, problem: parsed.problem };
  const added = await db.transaction().execute((tx) =>
    insertSynonym(tx, {
      id: randomUUID(),
      terms: parsed.terms.join(', '),
      created_at: by.at.toISOString(),
      created_by: by.userId,
    }),
  );
  return { ok: true, terms: parsed.terms, added };
}

/** The stored rules, oldest first, each as its terms joined by ', '. */
export function storedSynonyms(db: Kysely<Database>): Promise<string[]> {
  return listSynonymTerms(db);
}
