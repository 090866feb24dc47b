import { sql, type Insertable, type Updateable } from 'kysely';
import type { CaseSort, CaseStatus, MessageVisibility } from '~core/cases';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  AttachmentRow,
  CaseRow,
  CaseTables,
  MessageRow,
  SupportCaseAttachmentTable,
  SupportCaseDeflectionTable,
  SupportCaseMessageTable,
  SupportCaseTable,
} from './cases.tables.ts';

type Db = ModuleDatabase<CaseTables>;

/** The next case number, taken in the caller's transaction so numbers are never shared. */
export async function takeCaseNumber(db: Db): Promise<number> {
  const row = await db
    .updateTable('support_case_sequence')
    .set((update) => ({ value: sql<number>`${update.ref('value')} + 1` }))
    .where('name', '=', 'case')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export async function insertCase(db: Db, row: Insertable<SupportCaseTable>): Promise<void> {
  await db.insertInto('support_case').values(row).execute();
}

export async function findCase(db: Db, id: string): Promise<CaseRow | undefined> {
  return db.selectFrom('support_case').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCase(
  db: Db,
  id: string,
  changes: Updateable<SupportCaseTable>,
): Promise<void> {
  await db.updateTable('support_case').set(changes).where('id', '=', id).execute();
}

/** Whose cases a list shows: the ones a user owns or is on, or an organisation's. */
export type CaseListOwner = { userId: string } | { organisationId: string };

export interface CaseListFilter {
  owner: CaseListOwner;
  statuses: CaseStatus[] | undefined;
  /** Words of the subject or description, or a case number. */
  text: string;
  caseNumber: number | undefined;
  sort: CaseSort;
  offset: number;
  limit: number;
}

const ORDER: Readonly<Record<CaseSort, 'updated_at' | 'created_at' | 'case_number'>> = {
  updated: 'updated_at',
  created: 'created_at',
  number: 'case_number',
};

/** LIKE's own characters, taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listCaseRows(
  db: Db,
  filter: CaseListFilter,
): Promise<{ rows: CaseRow[]; total: number }> {
  let query = db.selectFrom('support_case');
  const { owner } = filter;
  if ('userId' in owner) {
    // One set of ids from two indexed lookups: "owner or person" as an OR over a subquery
    // would read every case (docs/cases.md, "Measured").
    query = query.where('id', 'in', (where) =>
      where
        .selectFrom('support_case as owned')
        .select('owned.id')
        .where('owned.owner_id', '=', owner.userId)
        .union(
          where
            .selectFrom('support_case_person')
            .select('case_id as id')
            .where('user_id', '=', owner.userId),
        ),
    );
  } else {
    query = query.where('organisation_id', '=', owner.organisationId);
  }
  if (filter.statuses) query = query.where('status', 'in', filter.statuses);
  if (filter.text !== '') {
    const pattern = likePattern(filter.text);
    query = query.where((where) =>
      where.or([
        where(sql`lower(subject)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(description)`, 'like', sql`${pattern} escape '\\'`),
        ...(filter.caseNumber !== undefined ? [where('case_number', '=', filter.caseNumber)] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(ORDER[filter.sort], 'desc')
      .orderBy('case_number', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query
      .select((select) => select.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function insertMessage(
  db: Db,
  row: Insertable<SupportCaseMessageTable>,
): Promise<void> {
  await db.insertInto('support_case_message').values(row).execute();
}

/**
 * Inserts a message unless one with its e-mail Message-ID is stored already (the same e-mail
 * delivered twice); answers whether it was inserted.
 */
export async function insertMessageOnce(
  db: Db,
  row: Insertable<SupportCaseMessageTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('support_case_message')
    .values(row)
    .onConflict((conflict) => conflict.column('mail_message_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The conversation, oldest first: its public messages, and the internal notes when asked. */
export async function listMessages(
  db: Db,
  caseId: string,
  visibilities: readonly MessageVisibility[] = ['public'],
): Promise<MessageRow[]> {
  return db
    .selectFrom('support_case_message')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('visibility', 'in', [...visibilities])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function listPersonIds(db: Db, caseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('support_case_person')
    .select('user_id')
    .where('case_id', '=', caseId)
    .orderBy('added_at', 'asc')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Adds a person to a case; adding someone already on it changes nothing. */
export async function insertPerson(
  db: Db,
  row: { case_id: string; user_id: string; added_by: string; added_at: string },
): Promise<void> {
  await db
    .insertInto('support_case_person')
    .values(row)
    .onConflict((conflict) => conflict.columns(['case_id', 'user_id']).doNothing())
    .execute();
}

export async function deletePerson(db: Db, caseId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('support_case_person')
    .where('case_id', '=', caseId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Claims a form's idempotency key for a new result. Returns undefined when the key was free
 * (now taken), or the result the key already stands for.
 */
export async function claimIdempotencyKey(
  db: Db,
  key: { user_id: string; key: string; action: string; result_id: string; created_at: string },
): Promise<{ result_id: string; action: string } | undefined> {
  const result = await db
    .insertInto('support_case_idempotency_key')
    .values(key)
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;
  return db
    .selectFrom('support_case_idempotency_key')
    .select(['result_id', 'action'])
    .where('user_id', '=', key.user_id)
    .where('key', '=', key.key)
    .executeTakeFirstOrThrow();
}

export async function insertDeflection(
  db: Db,
  row: Insertable<SupportCaseDeflectionTable>,
): Promise<void> {
  await db.insertInto('support_case_deflection').values(row).execute();
}

/** Closes every case solved at or before `solvedBy`; returns how many. */
export async function closeCasesSolvedBy(db: Db, solvedBy: string, now: string): Promise<number> {
  const result = await db
    .updateTable('support_case')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('status', '=', 'solved')
    .where('solved_at', '<=', solvedBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function hasCasesOf(db: Db, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('support_case')
    .select('id')
    .where('owner_id', '=', ownerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAttachments(
  db: Db,
  rows: readonly Insertable<SupportCaseAttachmentTable>[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('support_case_attachment')
      .values([...rows])
      .execute();
}

/** The files of a case's messages, oldest first; a message's own by name (ids are random). */
export async function listAttachments(db: Db, caseId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom('support_case_attachment')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'asc')
    .orderBy('file_name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A file with the visibility of its message (null: sent with the case's description). */
export async function findAttachment(
  db: Db,
  id: string,
): Promise<(AttachmentRow & { visibility: MessageVisibility | null }) | undefined> {
  return db
    .selectFrom('support_case_attachment as attachment')
    .leftJoin('support_case_message as message', 'message.id', 'attachment.message_id')
    .selectAll('attachment')
    .select('message.visibility')
    .where('attachment.id', '=', id)
    .executeTakeFirst();
}
