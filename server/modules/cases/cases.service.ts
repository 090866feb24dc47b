import type { Kysely } from 'kysely';
import {
  caseClassificationInput,
  caseDescriptionInput,
  caseDetailsInput,
  caseListQuery,
  CASE_LIST_PAGE_SIZE,
  closingCutoff,
  idempotencyKey as idempotencyKeyRule,
  isOrganisationContact,
  parseCaseNumber,
  PARTNER_CATEGORIES,
  statusesOf,
  type CaseClassification,
  type CaseListQuery,
  type CaseQueue,
} from '~core/cases';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { listProducts, listTopics } from '~server/modules/content';
import { queueMail } from '~server/modules/mail';
import { parse, signedInUser, type CaseContext } from './case-context.ts';
import { moveDraftFilesOntoCase } from './case-drafts.service.ts';
import { CaseError } from './case-error.ts';
import { confirmationMail } from './case-mail.ts';
import { caseRecipients } from './case-recipients.ts';
import { replyToOf } from './case-replies.ts';
import * as repository from './cases.repository.ts';
import { caseSummaryOf, type CaseSummary } from './cases.presenters.ts';

/** A category to choose when raising a case, with the topics under it. */
export interface CaseCategory {
  id: string;
  name: string;
  topics: { id: string; name: string }[];
}

/**
 * The categories of a queue: the knowledge base's first-level topics (and their sub-topics) for
 * customers, the partner programme's own list for partners.
 */
export async function listCaseCategories(
  db: Kysely<Database>,
  queue: CaseQueue,
): Promise<CaseCategory[]> {
  if (queue === 'partner') return PARTNER_CATEGORIES.map((c) => ({ ...c, topics: [] }));
  const topics = await listTopics(db);
  return topics
    .filter((topic) => topic.parentId === null)
    .map((category) => ({
      id: category.id,
      name: category.name,
      topics: topics
        .filter((topic) => topic.parentId === category.id)
        .map((topic) => ({ id: topic.id, name: topic.name })),
    }));
}

export async function listCaseProducts(db: Kysely<Database>) {
  return listProducts(db);
}

/** The category and topic chosen, checked against the queue's list, with their names. */
export async function resolveClassification(
  db: Kysely<Database>,
  queue: CaseQueue,
  input: CaseClassification,
) {
  const categories = await listCaseCategories(db, queue);
  const category = categories.find((candidate) => candidate.id === input.categoryId);
  if (!category) throw new CaseError('INVALID_INPUT', 'Choose a category.', 'categoryId');
  const topic = category.topics.find((candidate) => candidate.id === input.topicId);
  if (input.topicId !== '' && !topic) {
    throw new CaseError('INVALID_INPUT', 'Choose a topic of this category.', 'topicId');
  }
  return { category, topic };
}

export interface RaiseCaseInput {
  queue: CaseQueue;
  description: unknown;
  classification: unknown;
  details: unknown;
  followUpOf?: string;
  idempotencyKey?: string;
  /** The raise flow's draft whose files come with the description (moved in the case's transaction). */
  draftId?: string;
}

/**
 * Raises a case: checks every step's input again, gives it the next case number, and queues
 * the confirmation e-mail in the same transaction. The form's idempotency key makes a second
 * submit (double click, retry) answer the first case instead of making another.
 */
export async function raiseCase(
  context: CaseContext,
  input: RaiseCaseInput,
): Promise<{ id: string; caseNumber: number; created: boolean }> {
  const user = signedInUser(context);
  const description = parse(caseDescriptionInput, input.description);
  const classification = parse(caseClassificationInput, input.classification);
  const details = parse(caseDetailsInput, input.details);
  const key = parse(idempotencyKeyRule, input.idempotencyKey);
  const { category, topic } = await resolveClassification(context.db, input.queue, classification);
  if (
    description.product !== '' &&
    !(await listProducts(context.db)).some((product) => product.key === description.product)
  ) {
    throw new CaseError('INVALID_INPUT', 'Choose a product from the list.', 'product');
  }
  const followUpOf = input.followUpOf
    ? (await repository.findCase(context.db, input.followUpOf))?.owner_id === user.id
      ? input.followUpOf
      : null
    : null;
  const at = context.now.toISOString();
  const id = newRecordId('case');
  return context.db.transaction().execute(async (trx) => {
    if (key) {
      const existing = await repository.claimIdempotencyKey(trx, {
        user_id: user.id,
        key,
        action: 'raise-case',
        result_id: id,
        created_at: at,
      });
      if (existing) {
        const first = await repository.findCase(trx, existing.result_id);
        if (!first) throw new CaseError('CONFLICT', 'This form was already sent. Reload the page.');
        return { id: first.id, caseNumber: first.case_number, created: false };
      }
    }
    const caseNumber = await repository.takeCaseNumber(trx);
    await repository.insertCase(trx, {
      id,
      case_number: caseNumber,
      queue: input.queue,
      subject: description.subject,
      description: description.description,
      product: description.product === '' ? null : description.product,
      category_id: category.id,
      category_name: category.name,
      topic_id: topic?.id ?? null,
      topic_name: topic?.name ?? null,
      impact: details.impact,
      contact_method: details.contactMethod,
      contact_email: details.contactMethod === 'email' ? details.contactEmail : null,
      contact_phone: details.contactMethod === 'email' ? null : details.contactPhone,
      callback_from: details.contactMethod === 'callback' ? details.callbackFrom : null,
      callback_to: details.contactMethod === 'callback' ? details.callbackTo : null,
      status: 'new',
      owner_id: user.id,
      organisation_id: user.organisationId,
      follow_up_of: followUpOf,
      created_at: at,
      updated_at: at,
      solved_at: null,
      closed_at: null,
      rating: null,
      rating_comment: null,
      rated_at: null,
      customer_wrote_at: at,
    });
    const row = await repository.findCase(trx, id);
    if (!row) throw new Error(`Case ${id} was not stored`);
    // After the key's claim: a second submit answers the first case, whose files these were.
    await moveDraftFilesOntoCase(
      trx,
      context,
      { queue: input.queue, draftId: input.draftId ?? '' },
      id,
    );
    const [owner] = await caseRecipients(trx, row, []);
    if (owner) {
      const mail = {
        id,
        caseNumber,
        subject: description.subject,
        replyTo: replyToOf(context.replies, id),
      };
      await queueMail(trx, [confirmationMail(mail, owner, context.siteUrl)], context.now);
    }
    return { id, caseNumber, created: true };
  });
}

/** "This solved my problem" in the raise flow: no case, a deflection on record. */
export async function recordDeflection(
  context: CaseContext,
  input: { subject: string; categoryId: string },
): Promise<void> {
  const user = signedInUser(context);
  await repository.insertDeflection(context.db, {
    id: newRecordId('caseDeflection'),
    user_id: user.id,
    subject: input.subject.slice(0, 200),
    category_id: input.categoryId === '' ? null : input.categoryId,
    created_at: context.now.toISOString(),
  });
}

export interface CaseList {
  query: CaseListQuery;
  cases: CaseSummary[];
  total: number;
  pageCount: number;
  /** Whether the viewer has an "Organisation's cases" tab (primary and principal contacts). */
  seesOrganisation: boolean;
}

/** The viewer's cases, or their organisation's for its contacts, as the query string asks. */
export async function listCases(context: CaseContext, params: URLSearchParams): Promise<CaseList> {
  const user = signedInUser(context);
  const seesOrganisation = isOrganisationContact(user);
  const asked = caseListQuery(params);
  const query: CaseListQuery = { ...asked, scope: seesOrganisation ? asked.scope : 'mine' };
  const owner =
    query.scope === 'organisation' && user.organisationId
      ? { organisationId: user.organisationId }
      : { userId: user.id };
  const { rows, total } = await repository.listCaseRows(context.db, {
    owner,
    statuses: statusesOf(query.status),
    text: query.text,
    caseNumber: parseCaseNumber(query.text),
    sort: query.sort,
    offset: (query.page - 1) * CASE_LIST_PAGE_SIZE,
    limit: CASE_LIST_PAGE_SIZE,
  });
  return {
    query,
    cases: rows.map(caseSummaryOf),
    total,
    pageCount: Math.max(1, Math.ceil(total / CASE_LIST_PAGE_SIZE)),
    seesOrganisation,
  };
}

/** Closes the cases solved 14 days ago or more (a background job runs it). */
export async function closeSolvedCases(db: Kysely<Database>, now: Date): Promise<number> {
  return repository.closeCasesSolvedBy(db, closingCutoff(now).toISOString(), now.toISOString());
}
