import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CaseTables } from './cases.tables.ts';

/* The case classifier's training examples and its stored models (decision 024). */

type Db = ModuleDatabase<CaseTables>;

/** Solved and closed cases, the newest first: what the classifier learns from. */
export async function listSolvedCaseTexts(db: Db, limit: number) {
  return db
    .selectFrom('support_case')
    .select(['queue', 'subject', 'description', 'category_id', 'topic_id', 'impact'])
    .where('status', 'in', ['solved', 'closed'])
    .where('merged_into', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function saveModel(
  db: Db,
  row: { name: string; model: string; examples: number; trained_at: string },
): Promise<void> {
  await db
    .insertInto('support_case_classifier')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        model: row.model,
        examples: row.examples,
        trained_at: row.trained_at,
      }),
    )
    .execute();
}

/** When the stored model was trained: read on every proposal, far smaller than the model. */
export async function findModelVersion(db: Db, name: string) {
  return db
    .selectFrom('support_case_classifier')
    .select('trained_at')
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function findModel(db: Db, name: string) {
  return db
    .selectFrom('support_case_classifier')
    .select(['model', 'trained_at'])
    .where('name', '=', name)
    .executeTakeFirst();
}
