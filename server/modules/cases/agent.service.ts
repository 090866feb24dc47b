import {
  AGENT_QUEUE_PAGE_SIZE,
  AGENT_QUEUES,
  agentQueueFilter,
  agentQueueQuery,
  customerWait,
  formatCaseNumber,
  IMPACT_LABELS,
  isAgentStatusChoice,
  mergeRefusal,
  messageInput,
  parseCaseNumber,
  type AgentQueue,
  type AgentQueueQuery,
  type CaseImpact,
  type CaseQueue,
  type CustomerWait,
} from '~core/cases';
import { fullName } from '~core/ui';
import { newRecordId } from '~server/db/ids.ts';
import { listProducts } from '~server/modules/content';
import { listAgents, listUserSummaries, type PortalUser } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { loadVisibleCase } from './case-access.ts';
import { parse, signedInUser, type CaseContext } from './case-context.ts';
import { CaseError, caseNotFound } from './case-error.ts';
import { messageMail } from './case-mail.ts';
import { markCaseSolved } from './case-page.service.ts';
import { caseRecipients } from './case-recipients.ts';
import { ownerKey, ownerNameOf } from './case-owner.ts';
import { replyToOf } from './case-replies.ts';
import * as agentRepository from './agent.repository.ts';
import * as repository from './cases.repository.ts';
import { caseSummaryOf, type CaseSummary } from './cases.presenters.ts';

/*
 * The agents' workspace (docs/cases.md, decision 024): queues, taking and assigning cases,
 * internal notes, status changes and merging duplicates. Only agents get here; anyone else is
 * refused like a page that does not exist.
 */

/** The signed-in agent, or the NOT_FOUND refusal (a guest: the sign-in refusal). */
function requireAgent(context: CaseContext): PortalUser {
  const user = signedInUser(context);
  if (!user.isAgent) throw caseNotFound();
  return user;
}

export interface AgentCaseSummary extends CaseSummary {
  queue: CaseQueue;
  impact: CaseImpact;
  impactLabel: string;
  product: string | null;
  ownerName: string;
  assigneeName: string | null;
  wait: CustomerWait;
}

export interface PersonChoice {
  id: string;
  name: string;
}

export interface AgentQueueView {
  query: AgentQueueQuery;
  cases: AgentCaseSummary[];
  total: number;
  pageCount: number;
  counts: Record<AgentQueue, number>;
  products: { key: string; name: string }[];
}

/** One of the queues, as the query string asks, with how many cases each queue holds. */
export async function listAgentQueue(
  context: CaseContext,
  params: URLSearchParams,
): Promise<AgentQueueView> {
  const agent = requireAgent(context);
  const query = agentQueueQuery(params);
  const narrowing = { impact: query.impact, product: query.product };
  const filter = { ...agentQueueFilter(query.queue, agent.id), ...narrowing };
  const [rows, products, countList] = await Promise.all([
    agentRepository.listQueueRows(context.db, filter, {
      sort: query.sort,
      offset: (query.page - 1) * AGENT_QUEUE_PAGE_SIZE,
      limit: AGENT_QUEUE_PAGE_SIZE,
    }),
    listProducts(context.db),
    agentRepository.countQueues(
      context.db,
      AGENT_QUEUES.map((queue) => agentQueueFilter(queue, agent.id)),
      narrowing,
    ),
  ]);
  const names = new Map(
    (
      await listUserSummaries(context.db, [
        ...rows.flatMap((row) => (row.owner_id ? [row.owner_id] : [])),
        ...rows.flatMap((row) => (row.assignee_id ? [row.assignee_id] : [])),
      ])
    ).map((user) => [user.id, fullName(user.firstName, user.lastName)]),
  );
  const productName = new Map(products.map((product) => [product.key, product.name]));
  const total = countList[AGENT_QUEUES.indexOf(query.queue)] ?? 0;
  return {
    query,
    cases: rows.map((row) => ({
      ...caseSummaryOf(row),
      queue: row.queue,
      impact: row.impact,
      impactLabel: IMPACT_LABELS[row.impact],
      product: row.product ? (productName.get(row.product) ?? row.product) : null,
      ownerName: ownerNameOf(row, names),
      assigneeName: row.assignee_id ? (names.get(row.assignee_id) ?? 'Someone') : null,
      wait: customerWait(row.status, row.customer_wrote_at, context.now),
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / AGENT_QUEUE_PAGE_SIZE)),
    counts: Object.fromEntries(
      AGENT_QUEUES.map((queue, i) => [queue, countList[i] ?? 0]),
    ) as Record<AgentQueue, number>,
    products: products.map((product) => ({ key: product.key, name: product.name })),
  };
}

export interface AgentCaseDetails {
  assignee: PersonChoice | null;
  agents: PersonChoice[];
  wait: CustomerWait;
}

/** What the workspace shows beside a case: who works on it, the team, the customer's wait. */
export async function getAgentCaseDetails(
  context: CaseContext,
  id: string,
): Promise<AgentCaseDetails> {
  requireAgent(context);
  const { row } = await loadVisibleCase(context, id);
  const agents = (await listAgents(context.db)).map((user) => ({
    id: user.id,
    name: fullName(user.firstName, user.lastName),
  }));
  return {
    assignee: agents.find((agent) => agent.id === row.assignee_id) ?? null,
    agents,
    wait: customerWait(row.status, row.customer_wrote_at, context.now),
  };
}

async function agentCase(context: CaseContext, id: string) {
  const agent = requireAgent(context);
  return { agent, ...(await loadVisibleCase(context, id)) };
}

/**
 * The agent takes an unassigned case. When a colleague took it first (two agents pressing
 * "Take" at once), the refusal names who has it.
 */
export async function takeCase(context: CaseContext, id: string): Promise<void> {
  const { agent, row } = await agentCase(context, id);
  if (row.assignee_id === agent.id) return;
  const taken = await agentRepository.claimUnassignedCase(
    context.db,
    id,
    agent.id,
    context.now.toISOString(),
  );
  if (taken) return;
  const holder = (await repository.findCase(context.db, id))?.assignee_id;
  if (holder === agent.id) return;
  const [colleague] = holder ? await listUserSummaries(context.db, [holder]) : [];
  throw new CaseError(
    'CONFLICT',
    colleague
      ? `${fullName(colleague.firstName, colleague.lastName)} took this case a moment ago.`
      : 'Someone else took this case a moment ago.',
  );
}

/** Gives the case to an agent of the team, or to nobody ('' puts it back in Unassigned). */
export async function assignCase(
  context: CaseContext,
  id: string,
  assigneeId: string,
): Promise<void> {
  await agentCase(context, id);
  if (assigneeId !== '' && !(await listAgents(context.db)).some((a) => a.id === assigneeId)) {
    throw new CaseError('INVALID_INPUT', 'Choose someone of the support team.', 'assigneeId');
  }
  await repository.updateCase(context.db, id, {
    assignee_id: assigneeId === '' ? null : assigneeId,
    updated_at: context.now.toISOString(),
  });
}

/**
 * An internal note: for the support team only. It is never shown to customers, never mailed
 * and changes no status.
 */
export async function addInternalNote(
  context: CaseContext,
  id: string,
  input: { body: unknown; idempotencyKey?: string },
): Promise<{ messageId: string }> {
  const { agent, row } = await agentCase(context, id);
  const values = parse(messageInput, input);
  if (row.status === 'closed') {
    throw new CaseError('CONFLICT', 'This case is closed; notes can no longer be added.', 'body');
  }
  const at = context.now.toISOString();
  const messageId = newRecordId('caseMessage');
  return context.db.transaction().execute(async (trx) => {
    if (values.idempotencyKey) {
      const existing = await repository.claimIdempotencyKey(trx, {
        user_id: agent.id,
        key: values.idempotencyKey,
        action: `note:${id}`,
        result_id: messageId,
        created_at: at,
      });
      if (existing) return { messageId: existing.result_id };
    }
    await repository.insertMessage(trx, {
      id: messageId,
      case_id: id,
      author_id: agent.id,
      author_role: 'agent',
      body: values.body,
      created_at: at,
      visibility: 'internal',
      mail_message_id: null,
    });
    return { messageId };
  });
}

/** Sets the status by hand: open, awaiting the customer's reply, or solved (which mails). */
export async function setCaseStatus(
  context: CaseContext,
  id: string,
  status: string,
): Promise<void> {
  const { row } = await agentCase(context, id);
  if (!isAgentStatusChoice(status)) {
    throw new CaseError('INVALID_INPUT', 'Choose open, awaiting reply or solved.', 'status');
  }
  if (row.status === 'closed') {
    throw new CaseError('CONFLICT', 'This case is closed; raise a follow-up case instead.');
  }
  if (status === row.status) return;
  if (status === 'solved') return markCaseSolved(context, id);
  await repository.updateCase(context.db, id, {
    status,
    solved_at: null,
    updated_at: context.now.toISOString(),
  });
}

/**
 * Merges a duplicate into another case of the same customer: the duplicate's conversation and
 * people move over, its description becomes a message there, it closes pointing to the other
 * case, and everyone on it is told by e-mail where the conversation goes on. One transaction;
 * a duplicate merged twice at once is merged once.
 */
export async function mergeCase(
  context: CaseContext,
  duplicateId: string,
  intoCaseNumber: string,
): Promise<{ intoId: string }> {
  const { agent, row: duplicate, peopleIds } = await agentCase(context, duplicateId);
  const number = parseCaseNumber(intoCaseNumber);
  const into =
    number === undefined ? undefined : await agentRepository.findCaseByNumber(context.db, number);
  if (!into) throw new CaseError('INVALID_INPUT', 'There is no case with this number.', 'into');
  const refusal = mergeRefusal(
    {
      id: duplicate.id,
      ownerId: ownerKey(duplicate),
      status: duplicate.status,
      mergedInto: duplicate.merged_into,
    },
    { id: into.id, ownerId: ownerKey(into), status: into.status, mergedInto: into.merged_into },
  );
  if (refusal) throw new CaseError('INVALID_INPUT', refusal, 'into');
  const at = context.now.toISOString();
  const agentName = fullName(agent.firstName, agent.lastName);
  const notice = `Case ${formatCaseNumber(duplicate.case_number)} (“${duplicate.subject}”) was merged into case ${formatCaseNumber(into.case_number)}, where the conversation goes on.`;
  await context.db.transaction().execute(async (trx) => {
    if (!(await agentRepository.markMerged(trx, duplicate.id, into.id, at))) {
      throw new CaseError('CONFLICT', 'This case was merged a moment ago.', 'into');
    }
    await agentRepository.moveMessages(trx, duplicate.id, into.id);
    for (const userId of peopleIds) {
      await repository.insertPerson(trx, {
        case_id: into.id,
        user_id: userId,
        added_by: agent.id,
        added_at: at,
      });
    }
    const messageId = newRecordId('caseMessage');
    const body = `${notice}\n\n${duplicate.description}`;
    await repository.insertMessage(trx, {
      id: messageId,
      case_id: into.id,
      author_id: agent.id,
      author_role: 'agent',
      body,
      created_at: at,
      visibility: 'public',
      mail_message_id: null,
    });
    await repository.updateCase(trx, into.id, { updated_at: at });
    const recipients = await caseRecipients(trx, duplicate, peopleIds, agent.id, context);
    const mail = {
      id: duplicate.id,
      caseNumber: duplicate.case_number,
      subject: duplicate.subject,
      replyTo: replyToOf(context.replies, into.id),
    };
    await queueMail(
      trx,
      recipients.map((recipient) =>
        messageMail(
          mail,
          recipient,
          { id: messageId, authorName: agentName, body: notice },
          context.siteUrl,
        ),
      ),
      context.now,
    );
  });
  return { intoId: into.id };
}
