import type { Insertable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContactDeflectionTable, ContactTables } from './contact.tables.ts';

type Db = ModuleDatabase<ContactTables>;

export async function insertDeflection(
  db: Db,
  row: Insertable<ContactDeflectionTable>,
): Promise<void> {
  await db.insertInto('contact_deflection').values(row).execute();
}

export async function findShownAt(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('contact_deflection')
    .select('created_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.created_at;
}

/** The first time the visit reached a person; `inWindow` says whether it undoes the help. */
export async function markReached(
  db: Db,
  id: string,
  reached: { at: string; inWindow: boolean },
): Promise<void> {
  await db
    .updateTable('contact_deflection')
    .set({ reached_at: reached.at, ...(reached.inWindow ? { reached_person: 1 } : {}) })
    .where('id', '=', id)
    .where('reached_at', 'is', null)
    .execute();
}

export async function addAnswerShown(db: Db, id: string, articles: number): Promise<void> {
  await db
    .updateTable('contact_deflection')
    .set((eb) => ({ saw_answer: 1, articles_shown: eb('articles_shown', '+', articles) }))
    .where('id', '=', id)
    .execute();
}

/** Visits and those that went on to a person, per flow and region, since `since`. */
export async function countDeflections(db: Db, since: string) {
  const rows = await db
    .selectFrom('contact_deflection')
    .select((eb) => [
      'flow',
      'region',
      eb.fn.countAll<number | string>().as('visits'),
      eb.fn.sum<number | string>('reached_person').as('reached'),
    ])
    .where('created_at', '>=', since)
    .groupBy(['flow', 'region'])
    .orderBy('flow')
    .orderBy('region')
    .execute();
  return rows.map((row) => ({
    flow: row.flow,
    region: row.region,
    visits: Number(row.visits),
    reached: Number(row.reached ?? 0),
  }));
}

export interface DailyDeflectionCount {
  flow: string;
  region: string;
  topic: string;
  visits: number;
  /** Visits where the visitor was shown an answer or at least one article. */
  shownHelp: number;
  /** Visits shown help that did not go on to a person. */
  deflected: number;
}

/** One day's contact visits per flow, region and topic (the insight rollup reads these). */
export async function countDeflectionsBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<DailyDeflectionCount[]> {
  const rows = await db
    .selectFrom('contact_deflection')
    .select((eb) => {
      const shown = eb.or([eb('saw_answer', '=', 1), eb('articles_shown', '>', 0)]);
      return [
        'flow',
        'region',
        'topic',
        eb.fn.countAll<number | string>().as('visits'),
        eb.fn.sum<number | string>(eb.case().when(shown).then(1).else(0).end()).as('shown_help'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.and([shown, eb('reached_person', '=', 0)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('deflected'),
      ];
    })
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .groupBy(['flow', 'region', 'topic'])
    .execute();
  return rows.map((row) => ({
    flow: row.flow,
    region: row.region,
    topic: row.topic,
    visits: Number(row.visits),
    shownHelp: Number(row.shown_help),
    deflected: Number(row.deflected),
  }));
}
