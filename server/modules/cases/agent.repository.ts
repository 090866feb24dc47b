import { sql } from 'kysely';
import type { AgentQueueFilter, AgentSort, CaseImpact } from '~core/cases';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CaseRow, CaseTables } from './cases.tables.ts';

/* The agents' workspace's queries: the queues, assignment and merging (docs/cases.md). */

type Db = ModuleDatabase<CaseTables>;

export interface QueueRowFilter extends AgentQueueFilter {
  impact: CaseImpact | '';
  product: string;
}

function queueQuery(db: Db, filter: QueueRowFilter) {
  let query = db
    .selectFrom('support_case')
    .where('status', 'in', filter.statuses)
    .where('merged_into', 'is', null);
  if (filter.assignee === 'none') query = query.where('assignee_id', 'is', null);
  else if (filter.assignee !== undefined) query = query.where('assignee_id', '=', filter.assignee);
  if (filter.queue) query = query.where('queue', '=', filter.queue);
  if (filter.impact !== '') query = query.where('impact', '=', filter.impact);
  if (filter.product !== '') query = query.where('product', '=', filter.product);
  return query;
}

const impactRank = sql<number>`case impact when 'whole-business' then 3 when 'several-people' then 2 else 1 end`;
const waitingSince = sql<string>`coalesce(customer_wrote_at, created_at)`;

export async function listQueueRows(
  db: Db,
  filter: QueueRowFilter,
  page: { sort: AgentSort; offset: number; limit: number },
): Promise<{ rows: CaseRow[]; total: number }> {
  const query = queueQuery(db, filter);
  let ordered = query.selectAll();
  if (page.sort === 'waiting') ordered = ordered.orderBy(waitingSince, 'asc');
  else if (page.sort === 'impact') {
    ordered = ordered.orderBy(impactRank, 'desc').orderBy(waitingSince, 'asc');
  } else if (page.sort === 'updated') ordered = ordered.orderBy('updated_at', 'desc');
  const [rows, count] = await Promise.all([
    ordered.orderBy('case_number', 'asc').offset(page.offset).limit(page.limit).execute(),
    query
      .select((select) => select.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function countQueueRows(db: Db, filter: QueueRowFilter): Promise<number> {
  const row = await queueQuery(db, filter)
    .select((select) => select.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Gives an unassigned case to the agent. The condition makes two agents taking it at once a
 * race one of them wins: the other's update changes no row.
 */
export async function claimUnassignedCase(
  db: Db,
  id: string,
  agentId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('support_case')
    .set({ assignee_id: agentId, updated_at: at })
    .where('id', '=', id)
    .where('assignee_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the duplicate merged, only if it was not merged already (two agents merging the same
 * duplicate at once: one wins).
 */
export async function markMerged(db: Db, id: string, intoId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('support_case')
    .set({ merged_into: intoId, status: 'closed', closed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('merged_into', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function moveMessages(db: Db, fromId: string, toId: string): Promise<void> {
  await db
    .updateTable('support_case_message')
    .set({ case_id: toId })
    .where('case_id', '=', fromId)
    .execute();
}

export async function findCaseByNumber(db: Db, caseNumber: number): Promise<CaseRow | undefined> {
  return db
    .selectFrom('support_case')
    .selectAll()
    .where('case_number', '=', caseNumber)
    .executeTakeFirst();
}
