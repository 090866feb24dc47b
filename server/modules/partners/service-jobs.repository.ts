import type { Insertable } from 'kysely';
import type { ServiceJobStatus } from '~core/partner';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PartnerServiceJobRow,
  PartnerServiceJobTable,
  PartnersTables,
} from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* Managed-service jobs: each step is a conditional update on the status, so it happens once. */

export async function insertServiceJob(
  db: Db,
  job: Insertable<PartnerServiceJobTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('partner_service_job')
    .values(job)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findServiceJob(
  db: Db,
  id: string,
): Promise<PartnerServiceJobRow | undefined> {
  return db.selectFrom('partner_service_job').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Open offers and the practice's own jobs, newest first; no practice: the offers only. */
export async function listServiceJobsFor(
  db: Db,
  practiceId: string | null,
): Promise<PartnerServiceJobRow[]> {
  return db
    .selectFrom('partner_service_job')
    .selectAll()
    .where((where) =>
      practiceId === null
        ? where('status', '=', 'offered')
        : where.or([where('status', '=', 'offered'), where('practice_id', '=', practiceId)]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Takes an offer for a practice: true for the one practice whose update found it offered. */
export async function acceptServiceJob(
  db: Db,
  change: { id: string; practiceId: string; userId: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('partner_service_job')
    .set({
      status: 'accepted',
      practice_id: change.practiceId,
      accepted_by: change.userId,
      accepted_at: change.at,
      updated_at: change.at,
    })
    .where('id', '=', change.id)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the practice's job on from one status, once. */
export async function moveServiceJob(
  db: Db,
  change: {
    id: string;
    practiceId: string;
    from: ServiceJobStatus;
    to: ServiceJobStatus;
    at: string;
    userId: string;
    notes?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('partner_service_job')
    .set(
      change.to === 'completed'
        ? {
            status: change.to,
            completed_by: change.userId,
            completed_at: change.at,
            completion_notes: change.notes ?? null,
            updated_at: change.at,
          }
        : { status: change.to, started_at: change.at, updated_at: change.at },
    )
    .where('id', '=', change.id)
    .where('practice_id', '=', change.practiceId)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The client's rating of a completed job, written once. */
export async function rateServiceJob(
  db: Db,
  rating: { id: string; stars: number; comment: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('partner_service_job')
    .set({
      rating: rating.stars,
      rating_comment: rating.comment,
      rated_at: rating.at,
      updated_at: rating.at,
    })
    .where('id', '=', rating.id)
    .where('status', '=', 'completed')
    .where('rating', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
