import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkCompletionNotes,
  checkRating,
  nextServiceJobStep,
  SERVICE_JOB_STATUS_LABEL,
  serviceJobKindLabel,
  serviceJobStepFrom,
  serviceJobStepTo,
  serviceJobVisibleTo,
  type ServiceJobStatus,
  type ServiceJobStep,
} from '~core/partner';
import { escapeHtml } from '~core/content';
import { createRouteContract } from '~core/routes';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { derivedKey } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { findManagedPractice } from '~server/modules/practices';
import { applyEvent } from './engine.service.ts';
import type { PartnerServiceJobRow } from './partners.tables.ts';
import * as repository from './service-jobs.repository.ts';

/*
 * Managed-service jobs (docs/partner-programme.md). A partner acts for the practice they belong
 * to: every read and step is checked against that practice, never against an id the page sends.
 */

export interface ServiceJobView {
  id: string;
  title: string;
  kind: string;
  kindLabel: string;
  description: string;
  clientName: string;
  status: ServiceJobStatus;
  statusLabel: string;
  /** The step the viewer's practice can take now; null when there is none. */
  nextStep: ServiceJobStep | null;
  ours: boolean;
  acceptedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  completionNotes: string | null;
  rating: number | null;
  ratingComment: string | null;
}

/** What the client sees from their signed link: the job and whether it is theirs to rate. */
export interface ServiceJobForClient {
  id: string;
  title: string;
  clientName: string;
  completionNotes: string | null;
  rating: number | null;
}

/** Signs and checks the client's rating link; the site's address starts it. */
export interface RatingLinks {
  key: Buffer;
  siteUrl: string;
}

// Only the page key is used, whose path does not depend on the product name.
const contract = createRouteContract({ product: 'partners', siteUrl: '', log: () => {} });

function serviceJobPath(id: string): string {
  return contract.path('partnersServiceJob', { id }) ?? '';
}

async function practiceOf(db: Kysely<Database>, userId: string) {
  const managed = await findManagedPractice({ db }, userId);
  return managed ? { id: managed.practice.id, name: managed.practice.name } : null;
}

function view(row: PartnerServiceJobRow, practiceId: string | null): ServiceJobView {
  const ours = practiceId !== null && row.practice_id === practiceId;
  const step = nextServiceJobStep(row.status);
  return {
    id: row.id,
    title: row.title,
    kind: row.job_kind,
    kindLabel: serviceJobKindLabel(row.job_kind),
    description: row.description,
    clientName: row.client_name,
    status: row.status,
    statusLabel: SERVICE_JOB_STATUS_LABEL[row.status],
    nextStep: step === 'accept' ? (practiceId === null ? null : step) : ours ? step : null,
    ours,
    acceptedAt: row.accepted_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    completionNotes: ours ? row.completion_notes : null,
    rating: ours ? row.rating : null,
    ratingComment: ours ? row.rating_comment : null,
  };
}

/** The offers open to any practice and the partner's own practice's jobs. */
export async function listServiceJobs(db: Kysely<Database>, userId: string) {
  const practice = await practiceOf(db, userId);
  const rows = await repository.listServiceJobsFor(db, practice?.id ?? null);
  return { practice, jobs: rows.map((row) => view(row, practice?.id ?? null)) };
}

/** One job, when the partner's practice may see it; undefined otherwise (as if none). */
export async function serviceJobDetail(db: Kysely<Database>, userId: string, jobId: string) {
  const row = await repository.findServiceJob(db, jobId);
  if (row === undefined) return undefined;
  const practice = await practiceOf(db, userId);
  const practiceId = practice?.id ?? null;
  if (!serviceJobVisibleTo({ status: row.status, practiceId: row.practice_id }, practiceId)) {
    return undefined;
  }
  return { practice, job: view(row, practiceId) };
}

export type ServiceJobStepResult =
  | { ok: true; status: ServiceJobStatus }
  | { ok: false; reason: 'not-found' | 'no-practice' | 'taken' | 'moved-on' }
  | { ok: false; reason: 'invalid'; field: 'notes'; message: string };

/** The key rating links are signed with, derived from the session secret. */
export function serviceJobRatingKey(config: { sessionSecret: string }): Buffer {
  return derivedKey(config.sessionSecret, 'service-job-rating');
}

function ratingSignature(key: Buffer, jobId: string): string {
  return createHmac('sha256', key).update(`rate:${jobId}`).digest('base64url').slice(0, 32);
}

/** Whether a rating link's signature is the job's (compared in constant time). */
export function isRatingSignature(key: Buffer, jobId: string, signature: string): boolean {
  const given = Buffer.from(signature);
  const expected = Buffer.from(ratingSignature(key, jobId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function ratingUrl(links: RatingLinks, jobId: string): string {
  return `${links.siteUrl}${serviceJobPath(jobId)}?rating=${ratingSignature(links.key, jobId)}`;
}

/**
 * Takes the job's next step for the partner's practice. Accepting is open to any practice and
 * won by one; the later steps only by the practice that took it, each once. Completing credits
 * the partner through the ledger's `service-job-completed` event and e-mails the client the
 * signed link to rate the work, in the same transaction.
 */
export async function takeServiceJobStep(
  db: Kysely<Database>,
  request: {
    userId: string;
    jobId: string;
    step: ServiceJobStep;
    notes?: string;
    at: Date;
    links: RatingLinks;
  },
): Promise<ServiceJobStepResult> {
  const row = await repository.findServiceJob(db, request.jobId);
  if (row === undefined) return { ok: false, reason: 'not-found' };
  const practice = await practiceOf(db, request.userId);
  if (
    !serviceJobVisibleTo({ status: row.status, practiceId: row.practice_id }, practice?.id ?? null)
  ) {
    // An offer another practice took a moment ago: say so rather than that it never was.
    return { ok: false, reason: request.step === 'accept' ? 'taken' : 'not-found' };
  }
  if (practice === null) return { ok: false, reason: 'no-practice' };
  const at = request.at.toISOString();
  if (request.step === 'accept') {
    const won = await repository.acceptServiceJob(db, {
      id: request.jobId,
      practiceId: practice.id,
      userId: request.userId,
      at,
    });
    if (won) return { ok: true, status: 'accepted' };
    // Sent twice by the same practice: the first sending took it.
    const taken = await repository.findServiceJob(db, request.jobId);
    return taken?.practice_id === practice.id
      ? { ok: true, status: taken.status }
      : { ok: false, reason: 'taken' };
  }
  let notes: string | undefined;
  if (request.step === 'complete') {
    const checked = checkCompletionNotes(request.notes ?? '');
    if (!checked.ok)
      return { ok: false, reason: 'invalid', field: 'notes', message: checked.message };
    notes = checked.value;
  }
  const to = serviceJobStepTo(request.step);
  const moved = await db.transaction().execute(async (trx) => {
    const done = await repository.moveServiceJob(trx, {
      id: request.jobId,
      practiceId: practice.id,
      from: serviceJobStepFrom(request.step),
      to,
      at,
      userId: request.userId,
      ...(notes === undefined ? {} : { notes }),
    });
    if (!done || to !== 'completed') return done;
    const job = (await repository.findServiceJob(trx, request.jobId))!;
    await applyEvent(trx, {
      userId: request.userId,
      kind: 'service-job-completed',
      sourceEvent: `service-job:${job.id}`,
      subject: job.title,
      occurredAt: request.at,
    });
    await mailClientForRating(trx, job, practice.name, request.links, request.at);
    return true;
  });
  if (moved || (await alreadyDone(db, request.jobId, practice.id, to)))
    return { ok: true, status: to };
  return { ok: false, reason: 'moved-on' };
}

/** A form sent twice: the first sending took the step, so the second answers as it did. */
async function alreadyDone(
  db: Kysely<Database>,
  jobId: string,
  practiceId: string,
  status: ServiceJobStatus,
): Promise<boolean> {
  const job = await repository.findServiceJob(db, jobId);
  return job?.practice_id === practiceId && job.status === status;
}

async function mailClientForRating(
  db: Kysely<Database>,
  job: PartnerServiceJobRow,
  practiceName: string,
  links: RatingLinks,
  at: Date,
): Promise<void> {
  const url = ratingUrl(links, job.id);
  await queueMail(
    db,
    [
      {
        eventKey: `service-job-rating:${job.id}`,
        to: job.client_email,
        subject: `How did ${practiceName} do? ${job.title}`,
        text: `${practiceName} has finished "${job.title}" for you. Tell us how it went (one click per star): ${url}`,
        html: `<p>${escapeHtml(practiceName)} has finished <strong>${escapeHtml(job.title)}</strong> for you.</p><p><a href="${escapeHtml(url)}">Rate the work</a></p>`,
      },
    ],
    at,
  );
}

/** The job a client's signed link names; undefined when the link is not right. */
export async function serviceJobForClient(
  db: Kysely<Database>,
  key: Buffer,
  jobId: string,
  signature: string,
): Promise<ServiceJobForClient | undefined> {
  if (!isRatingSignature(key, jobId, signature)) return undefined;
  const row = await repository.findServiceJob(db, jobId);
  if (row === undefined || row.status !== 'completed') return undefined;
  return {
    id: row.id,
    title: row.title,
    clientName: row.client_name,
    completionNotes: row.completion_notes,
    rating: row.rating,
  };
}

export type RatingResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'already-rated' }
  | { ok: false; reason: 'invalid'; field: 'stars' | 'comment'; message: string };

/** The client's rating through their signed link: once, however often the form is sent. */
export async function rateServiceJob(
  db: Kysely<Database>,
  rating: {
    key: Buffer;
    jobId: string;
    signature: string;
    stars: string;
    comment: string;
    at: Date;
  },
): Promise<RatingResult> {
  const job = await serviceJobForClient(db, rating.key, rating.jobId, rating.signature);
  if (job === undefined) return { ok: false, reason: 'not-found' };
  const checked = checkRating(rating.stars, rating.comment);
  if (!checked.ok)
    return { ok: false, reason: 'invalid', field: checked.field, message: checked.message };
  const rated = await repository.rateServiceJob(db, {
    id: job.id,
    stars: checked.value.stars,
    comment: checked.value.comment,
    at: rating.at.toISOString(),
  });
  return rated ? { ok: true } : { ok: false, reason: 'already-rated' };
}

/** Offers a job to every partner practice (an admin, or the demo). */
export async function offerServiceJob(
  db: Kysely<Database>,
  job: {
    id?: string;
    title: string;
    kind: string;
    description: string;
    clientName: string;
    clientEmail: string;
    at: Date;
  },
): Promise<string> {
  const id = job.id ?? newRecordId('partnerServiceJob');
  const at = job.at.toISOString();
  await repository.insertServiceJob(db, {
    id,
    title: job.title,
    job_kind: job.kind,
    description: job.description,
    client_name: job.clientName,
    client_email: job.clientEmail,
    status: 'offered',
    created_at: at,
    updated_at: at,
  });
  return id;
}
