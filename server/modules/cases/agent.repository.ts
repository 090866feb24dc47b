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
): Promise<CaseRow[]> {
  let ordered = queueQuery(db, filter).selectAll();
  if (page.sort === 'waiting') ordered = ordered.orderBy(waitingSince, 'asc');
  else if (page.sort === 'impact') {
    ordered = ordered.orderBy(impactRank, 'desc').orderBy(waitingSince, 'asc');
  } else if (page.sort === 'updated') ordered = ordered.orderBy('updated_at', 'desc');
  return ordered.orderBy('case_number', 'asc').offset(page.offset).limit(page.limit).execute();
}

/**
 * Every queue's count in one reading of the cases (a count per queue would read them once per
 * queue); the narrowing (impact, product) applies to all.
 */
export async function countQueues(
  db: Db,
  queues: readonly AgentQueueFilter[],
  narrowing: Pick<QueueRowFilter, 'impact' | 'product'>,
): Promise<number[]> {
  // Only the statuses some queue lists are read (solved and closed cases are most of them).
  const statuses = [...new Set(queues.flatMap((filter) => filter.statuses))];
  let query = db
    .selectFrom('support_case')
    .where('merged_into', 'is', null)
    .where('status', 'in', statuses);
  if (narrowing.impact !== '') query = query.where('impact', '=', narrowing.impact);
  if (narrowing.product !== '') query = query.where('product', '=', narrowing.product);
  const row = await query
    .select((eb) =>
      queues.map((filter, index) =>
        eb.fn
          .countAll<string | number>()
          .filterWhere((where) =>
            where.and([
              where('status', 'in', filter.statuses),
              ...(filter.assignee === 'none'
                ? [where('assignee_id', 'is', null)]
                : filter.assignee !== undefined
                  ? [where('assignee_id', '=', filter.assignee)]
                  : []),
              ...(filter.queue ? [where('queue', '=', filter.queue)] : []),
            ]),
          )
          .as(`queue${index}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, string | number>;
  return queues.map((_, index) => Number(counts[`queue${index}`] ?? 0));
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
