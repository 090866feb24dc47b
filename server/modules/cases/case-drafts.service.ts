import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import {
  ATTACHMENTS_FIELD,
  caseAttachmentPath,
  DRAFT_LAPSED_MESSAGE,
  draftCutoff,
  draftRoomProblem,
  draftStanding,
  type CaseQueue,
  type RaisableQueue,
} from '~core/cases';
import { attachmentSize } from '~core/validation';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import {
  acceptUploads,
  attachmentPath,
  attachmentWrites,
  type AttachmentUpload,
} from './case-attachments.ts';
import { signedInUser, type CaseContext } from './case-context.ts';
import { caseNotFound, CaseError } from './case-error.ts';
import * as drafts from './case-drafts.repository.ts';
import * as repository from './cases.repository.ts';

/*
 * The raise flow's draft (docs/cases.md, "Files on cases"): files chosen on the details step
 * wait here, checked by the same rules as every case's files (decision 034) and stored the same
 * way, until the submit moves them onto the case in its transaction. The flow carries only the
 * draft's id; whose it is and which flow it belongs to are the server's record, so an id of
 * another person's draft is answered as a page that does not exist.
 */

/** A file waiting in a draft, as the flow lists it. */
export interface DraftFileView {
  id: string;
  fileName: string;
  /** As people read it: 12 KB. */
  size: string;
  /** Its download, for the person who chose it. */
  url: string;
}

export interface CaseDraft {
  /** The draft to carry on in the flow; empty when there is none. */
  draftId: string;
  files: DraftFileView[];
  /** The draft the flow named had lapsed: the files chosen earlier are gone. */
  lapsed: boolean;
}

/** Which draft of which flow a form names. */
export interface DraftRef {
  /** A draft is made in a raise flow; a case of another queue names none of them. */
  queue: CaseQueue;
  draftId: string;
}

const NO_DRAFT: CaseDraft = { draftId: '', files: [], lapsed: false };

/**
 * The asker's draft the form names: undefined for none or a lapsed one; the NOT_FOUND refusal
 * for another person's or the other flow's, which the pages answer with their 404.
 */
async function ownDraft(
  db: Kysely<Database>,
  context: CaseContext,
  ref: DraftRef,
): Promise<drafts.DraftRow | undefined> {
  const user = signedInUser(context);
  if (ref.draftId === '') return undefined;
  const draft = await drafts.findDraft(db, ref.draftId);
  const standing = draftStanding(
    draft && { userId: draft.user_id, queue: draft.queue, touchedAt: draft.touched_at },
    { userId: user.id, queue: ref.queue },
    context.now,
  );
  if (standing === 'not-found') throw caseNotFound();
  return standing === 'own' ? draft : undefined;
}

/** The draft's files as the flow lists them. */
export async function getCaseDraft(context: CaseContext, ref: DraftRef): Promise<CaseDraft> {
  const draft = await ownDraft(context.db, context, ref);
  if (!draft) return { ...NO_DRAFT, lapsed: ref.draftId !== '' };
  const files = await drafts.listDraftFiles(context.db, draft.id);
  return {
    draftId: draft.id,
    files: files.map((file) => ({
      id: file.id,
      fileName: file.file_name,
      size: attachmentSize(file.size),
      url: caseAttachmentPath(file.id),
    })),
    lapsed: false,
  };
}

/**
 * Keeps the files a step brought in the asker's draft (a new one when the flow has none, or
 * its own lapsed): all of them, or none and the refusal at the file field naming what is wrong.
 */
export async function keepDraftFiles(
  context: CaseContext,
  ref: DraftRef & { queue: RaisableQueue },
  uploads: readonly AttachmentUpload[],
): Promise<CaseDraft> {
  if (uploads.length === 0) return getCaseDraft(context, ref);
  const user = signedInUser(context);
  const draft = await ownDraft(context.db, context, ref);
  const files = acceptUploads(uploads);
  const writes = attachmentWrites(context);
  const at = context.now.toISOString();
  const draftId = draft?.id ?? newRecordId('caseDraft');
  await writes.around(() =>
    context.db.transaction().execute(async (trx) => {
      // Touching first holds the draft's row, so two posts at once cannot both pass the count.
      if (draft) await drafts.touchDraft(trx, draftId, at);
      else
        await drafts.insertDraft(trx, {
          id: draftId,
          user_id: user.id,
          queue: ref.queue,
          created_at: at,
          touched_at: at,
        });
      const kept = draft ? (await drafts.listDraftFiles(trx, draftId)).length : 0;
      const problem = draftRoomProblem(kept, files.length);
      if (problem) throw new CaseError('INVALID_INPUT', problem, ATTACHMENTS_FIELD);
      await writes.storeInDraft(trx, { draftId, at }, files);
    }),
  );
  const kept = await getCaseDraft(context, { ...ref, draftId });
  return { ...kept, lapsed: ref.draftId !== '' && !draft };
}

/**
 * Takes one file off the asker's draft with its bytes. A file that is not in the asker's draft
 * is NOT_FOUND, as is another person's draft; the last file taken ends the draft. Answers
 * the draft left and the name of the file taken (empty when the draft had lapsed).
 */
export async function removeDraftFile(
  context: CaseContext,
  ref: DraftRef,
  fileId: string,
): Promise<CaseDraft & { removed: string }> {
  const draft = await ownDraft(context.db, context, ref);
  if (!draft) return { ...(await getCaseDraft(context, ref)), removed: '' };
  const at = context.now.toISOString();
  const { removed, left } = await context.db.transaction().execute(async (trx) => {
    const row = await drafts.deleteDraftFile(trx, draft.id, fileId);
    const remaining = (await drafts.listDraftFiles(trx, draft.id)).length;
    if (row && remaining === 0) await drafts.deleteDraft(trx, draft.id);
    else if (row) await drafts.touchDraft(trx, draft.id, at);
    return { removed: row, left: remaining };
  });
  if (!removed) throw caseNotFound();
  // After the commit: a failed removal leaves the file with its row, never a row without it.
  if (context.attachmentsDir) {
    await rm(attachmentPath(context.attachmentsDir, removed.id), { force: true });
  }
  const rest = left === 0 ? NO_DRAFT : await getCaseDraft(context, ref);
  return { ...rest, removed: removed.file_name };
}

/**
 * Moves the draft's files onto the new case in the case's transaction: the rows become the
 * case's attachments under the same ids, so the bytes already lie where the case's files do.
 * A lapsed draft refuses the submit at the file field (what was listed is gone).
 */
export async function moveDraftFilesOntoCase(
  trx: Kysely<Database>,
  context: CaseContext,
  ref: DraftRef,
  caseId: string,
): Promise<void> {
  if (ref.draftId === '') return;
  const draft = await ownDraft(trx, context, ref);
  if (!draft) throw new CaseError('INVALID_INPUT', DRAFT_LAPSED_MESSAGE, ATTACHMENTS_FIELD);
  const files = await drafts.deleteDraft(trx, draft.id);
  await repository.insertAttachments(
    trx,
    files.map((file) => ({
      id: file.id,
      case_id: caseId,
      message_id: null,
      file_name: file.file_name,
      content_type: file.content_type,
      size: file.size,
      sha256: file.sha256,
      // When it was chosen: the case lists its files in the order they came.
      created_at: file.created_at,
    })),
  );
}

/**
 * Removes the drafts nobody changed for DRAFT_FILE_HOURS, with their files on disk (the
 * housekeeping job runs it hourly). The rows go first, in one transaction: a file whose row a
 * submit moved onto a case meanwhile is not among them, so its bytes stay.
 */
export async function sweepLapsedDrafts(
  db: Kysely<Database>,
  attachmentsDir: string,
  now: Date,
): Promise<number> {
  const cutoff = draftCutoff(now).toISOString();
  const removed = await db.transaction().execute((trx) => drafts.deleteLapsedDrafts(trx, cutoff));
  await Promise.all(removed.map((id) => rm(attachmentPath(attachmentsDir, id), { force: true })));
  return removed.length;
}
