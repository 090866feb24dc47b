import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  CommunityFlagTable,
  CommunityModerationActionTable,
  CommunityTables,
  FlagKind,
} from '../community.tables.ts';

type Db = ModuleDatabase<Pick<CommunityTables, 'community_flag' | 'community_moderation_action'>>;

export type FlagRow = Selectable<CommunityFlagTable>;

export async function upsertFlag(db: Db, flag: Insertable<CommunityFlagTable>): Promise<void> {
  await db
    .insertInto('community_flag')
    .values(flag)
    .onConflict((conflict) =>
      conflict.columns(['target_kind', 'target_id', 'reporter_id']).doUpdateSet({
        reason: flag.reason,
        note: flag.note,
        created_at: flag.created_at,
        resolved_at: null,
      }),
    )
    .execute();
}

export async function listOpenFlags(db: Db): Promise<FlagRow[]> {
  return db
    .selectFrom('community_flag')
    .selectAll()
    .where('resolved_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export async function resolveFlags(
  db: Db,
  kind: FlagKind,
  targetId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('community_flag')
    .set({ resolved_at: now })
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('resolved_at', 'is', null)
    .execute();
}

export async function insertModerationAction(
  db: Db,
  action: Insertable<CommunityModerationActionTable>,
): Promise<void> {
  await db.insertInto('community_moderation_action').values(action).execute();
}
