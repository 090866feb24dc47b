import type { Insertable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  NewPartnerPointsEntryRow,
  PartnerEventTable,
  PartnersTables,
} from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* Seven or nine columns a row: 500 rows stay well under SQLite's 32,766 bound parameters. */
const CHUNK = 500;

function chunks<Row>(rows: readonly Row[]): Row[][] {
  const out: Row[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    out.push(rows.slice(start, start + CHUNK));
  }
  return out;
}

/**
 * Records the events whose source event is not in the table yet, in one statement per chunk;
 * answers the source events this call recorded, so a redelivered one changes nothing.
 */
export async function insertEventsIfNew(
  db: Db,
  rows: readonly Insertable<PartnerEventTable>[],
): Promise<Set<string>> {
  const recorded = new Set<string>();
  for (const chunk of chunks(rows)) {
    const inserted = await db
      .insertInto('partner_event')
      .values(chunk)
      .onConflict((conflict) => conflict.column('source_event').doNothing())
      .returning('source_event')
      .execute();
    for (const row of inserted) recorded.add(row.source_event);
  }
  return recorded;
}

/** Appends the entries whose source event has none yet; answers those appended. */
export async function appendEntries(
  db: Db,
  entries: readonly NewPartnerPointsEntryRow[],
): Promise<{ user_id: string; points: number }[]> {
  const appended: { user_id: string; points: number }[] = [];
  for (const chunk of chunks(entries)) {
    appended.push(
      ...(await db
        .insertInto('partner_points_entry')
        .values(chunk)
        .onConflict((conflict) => conflict.column('source_event').doNothing())
        .returning(['user_id', 'points'])
        .execute()),
    );
  }
  return appended;
}
