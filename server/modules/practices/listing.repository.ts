import {
  sql,
  type Insertable,
  type Selectable,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import type {
  BoundingBox,
  Coordinates,
  DirectoryFilters,
  ListingFilterColumns,
} from '~core/practices';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PracticeListingTable, PracticesTables } from './practices.tables.ts';

type Db = ModuleDatabase<PracticesTables>;

export type ListingRow = Selectable<PracticeListingTable>;

export async function insertListing(db: Db, row: Insertable<PracticeListingTable>): Promise<void> {
  await db
    .insertInto('practice_listing')
    .values(row)
    .onConflict((conflict) => conflict.column('practice_id').doNothing())
    .execute();
}

export async function findListing(db: Db, practiceId: string): Promise<ListingRow | undefined> {
  return db
    .selectFrom('practice_listing')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
}

export async function updateListing(
  db: Db,
  practiceId: string,
  changes: Updateable<PracticeListingTable>,
): Promise<void> {
  await db
    .updateTable('practice_listing')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .execute();
}

/**
 * Takes the submitted copy for publication when it is still the one the moderator saw; false
 * when the practice changed it (or another moderator decided) in the meantime.
 */
export async function takeSubmitted(
  db: Db,
  practiceId: string,
  submitted: string,
  changes: Updateable<PracticeListingTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('practice_listing')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('moderation', '=', 'pending')
    .where('submitted', '=', submitted)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listPendingListings(db: Db, limit: number) {
  return db
    .selectFrom('practice_listing')
    .innerJoin('practice', 'practice.id', 'practice_listing.practice_id')
    .select([
      'practice.id',
      'practice.name',
      'practice.market',
      'practice.slug',
      'practice_listing.submitted',
      'practice_listing.published',
      'practice_listing.updated_at',
    ])
    .where('practice_listing.moderation', '=', 'pending')
    .orderBy('practice_listing.updated_at')
    .limit(limit)
    .execute();
}

/** Puts a listing's offices in the directory's index with its filter columns, replacing what was there. */
export async function replaceDirectoryEntries(
  db: Db,
  practiceId: string,
  offices: readonly Coordinates[],
  filters: ListingFilterColumns,
): Promise<void> {
  await removeDirectoryEntries(db, practiceId);
  if (offices.length > 0)
    await db
      .insertInto('practice_directory_office')
      .values(
        offices.map((office, index) => ({
          id: `${practiceId}:${index}`,
          practice_id: practiceId,
          lat: office.lat,
          lon: office.lon,
          ...filters,
        })),
      )
      .execute();
}

export async function removeDirectoryEntries(db: Db, practiceId: string): Promise<void> {
  await db.deleteFrom('practice_directory_office').where('practice_id', '=', practiceId).execute();
}

/** The offices that pass the filters: a shared bit with each mask, one of the tiers. */
function filtered<
  Query extends SelectQueryBuilder<
    PracticesTables & { office: PracticesTables['practice_directory_office'] },
    'office',
    object
  >,
>(query: Query, filters: DirectoryFilters): Query {
  let narrowed = query;
  for (const [column, mask] of Object.entries(filters.masks) as [
    keyof DirectoryFilters['masks'],
    number,
  ][])
    narrowed = narrowed.where(
      sql<boolean>`(${sql.ref(`office.${column}`)} & ${mask}) <> 0`,
    ) as Query;
  if (filters.tiers.length > 0)
    narrowed = narrowed.where('office.tier', 'in', [...filters.tiers]) as Query;
  return narrowed;
}

export interface PlaceSearch {
  centre: Coordinates;
  box: BoundingBox;
  /** cos² of the centre's latitude: a degree of longitude's weight against one of latitude. */
  scale: number;
  /** The radius, squared, in degrees of latitude. */
  radius2: number;
  filters: DirectoryFilters;
  limit: number;
  offset: number;
}

/**
 * The listed practices with an office in the circle, nearest office first, and how many there
 * are. The index narrows the offices to the box; the flat distance orders them (exact
 * distances are the caller's, for the page of results only).
 */
export async function searchByPlace(
  db: Db,
  search: PlaceSearch,
): Promise<{ total: number; hits: { practiceId: string; d2: number }[] }> {
  const { centre, box, scale } = search;
  const d2 = sql<number>`min((lat - ${centre.lat}) * (lat - ${centre.lat}) + (lon - ${centre.lon}) * (lon - ${centre.lon}) * ${scale})`;
  const offices = filtered(
    db
      .selectFrom('practice_directory_office as office')
      .select(['office.practice_id', d2.as('d2')])
      .where('office.lat', '>=', box.minLat)
      .where('office.lat', '<=', box.maxLat)
      .where('office.lon', '>=', box.minLon)
      .where('office.lon', '<=', box.maxLon),
    search.filters,
  );
  const nearby = offices.groupBy('office.practice_id').having(d2, '<=', search.radius2);
  // One statement gives the page and, on each row, how many there are in all; only a page past
  // the last, which has no rows to carry it, counts apart.
  const hits = await nearby
    .select(sql<number | string>`count(*) over ()`.as('total'))
    .orderBy('d2')
    .orderBy('office.practice_id')
    .limit(search.limit)
    .offset(search.offset)
    .execute();
  let total = Number(hits[0]?.total ?? 0);
  if (hits.length === 0 && search.offset > 0) {
    const counted = await db
      .selectFrom(nearby.as('nearby'))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    total = Number(counted?.total ?? 0);
  }
  return {
    total,
    hits: hits.map((hit) => ({ practiceId: hit.practice_id, d2: Number(hit.d2) })),
  };
}

/** The listed practices matching the filters, by name, when the visitor gave no place. */
export async function searchWithoutPlace(
  db: Db,
  search: { filters: DirectoryFilters; limit: number; offset: number },
): Promise<{ total: number; ids: string[] }> {
  const matching = filtered(
    db
      .selectFrom('practice_directory_office as office')
      .innerJoin('practice', 'practice.id', 'office.practice_id')
      .select(['practice.id', 'practice.name'])
      .groupBy(['practice.id', 'practice.name']),
    search.filters,
  );
  const rows = await matching
    .select(sql<number | string>`count(*) over ()`.as('total'))
    .orderBy('practice.name')
    .orderBy('practice.id')
    .limit(search.limit)
    .offset(search.offset)
    .execute();
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && search.offset > 0) {
    const counted = await db
      .selectFrom(matching.as('matching'))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    total = Number(counted?.total ?? 0);
  }
  return { total, ids: rows.map((row) => row.id) };
}

export async function listListingsByIds(db: Db, ids: readonly string[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('practice_listing').selectAll().where('practice_id', 'in', ids).execute();
}
