import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContactCallbackTable, ContactTables } from './contact.tables.ts';

type Db = ModuleDatabase<ContactTables>;

export type CallbackRow = Selectable<ContactCallbackTable>;

/** Inserts the request once per form key: the same form sent again adds nothing. */
export async function insertCallback(db: Db, row: Insertable<ContactCallbackTable>): Promise<void> {
  await db
    .insertInto('contact_callback')
    .values(row)
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .execute();
}

/** Callbacks as soon as possible still waiting in a region: the queue ahead of a new one. */
export async function countWaitingAsap(db: Db, region: string): Promise<number> {
  const row = await db
    .selectFrom('contact_callback')
    .select((eb) => eb.fn.countAll<number | string>().as('waiting'))
    .where('region', '=', region)
    .where('status', '=', 'waiting')
    .where('when_kind', '=', 'asap')
    .executeTakeFirst();
  return Number(row?.waiting ?? 0);
}

export async function listWaiting(db: Db, limit: number): Promise<CallbackRow[]> {
  return db
    .selectFrom('contact_callback')
    .selectAll()
    .where('status', '=', 'waiting')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Marks a waiting callback called; false when another agent got there first. */
export async function markCalled(
  db: Db,
  id: string,
  agent: { id: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('contact_callback')
    .set({ status: 'called', called_at: agent.at, called_by: agent.id })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
