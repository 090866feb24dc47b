import type { Insertable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PartnerConfigurationChangeTable, PartnersTables } from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* The record of who changed the programme's configuration: appended, never changed. */

export async function insertChange(
  db: Db,
  change: Insertable<PartnerConfigurationChangeTable>,
): Promise<void> {
  await db.insertInto('partner_configuration_change').values(change).execute();
}

function ofKind(db: Db, kind: string | undefined) {
  const query = db.selectFrom('partner_configuration_change');
  return kind === undefined ? query : query.where('subject_kind', '=', kind);
}

/** A page of the entries, newest first, of one kind or all. */
export async function listChanges(
  db: Db,
  filter: { kind: string | undefined; limit: number; offset: number },
) {
  return ofKind(db, filter.kind)
    .selectAll()
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export async function countChanges(db: Db, kind: string | undefined): Promise<number> {
  const row = await ofKind(db, kind)
    .select((eb) => eb.fn.countAll<number | string>().as('entries'))
    .executeTakeFirstOrThrow();
  return Number(row.entries);
}
