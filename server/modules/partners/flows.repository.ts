import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PartnersTables } from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* The saved screens of the update-account flow. */

export async function upsertScreenAnswers(
  db: Db,
  userId: string,
  screen: number,
  answers: string,
  updatedAt: string,
): Promise<void> {
  await db
    .insertInto('partner_account_update_answer')
    .values({ user_id: userId, screen, answers, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'screen']).doUpdateSet({ answers, updated_at: updatedAt }),
    )
    .execute();
}

export async function listScreenAnswers(
  db: Db,
  userId: string,
): Promise<Array<{ screen: number; answers: string }>> {
  return db
    .selectFrom('partner_account_update_answer')
    .select(['screen', 'answers'])
    .where('user_id', '=', userId)
    .orderBy('screen')
    .execute();
}
