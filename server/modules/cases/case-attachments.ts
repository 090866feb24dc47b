import { createHash } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { ATTACHMENTS_FIELD, checkAttachments, draftStanding } from '~core/cases';
import { ATTACHMENT_HEAD_BYTES, type IncomingAttachment } from '~core/validation';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { loadVisibleCase } from './case-access.ts';
import { signedInUser, type CaseContext } from './case-context.ts';
import { caseNotFound, CaseError } from './case-error.ts';
import * as drafts from './case-drafts.repository.ts';
import * as repository from './cases.repository.ts';

/*
 * The files of a case's messages (decision 034). A file's bytes are written under its record
 * id in the attachments folder, inside the transaction that stores its row: when the
 * transaction fails, the files it wrote are removed, so a failure leaves neither an orphan
 * file nor a row without its file.
 */

/** A file as a message brings it, read whole (an e-mail's part). */
export interface AttachmentBytes {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * A file a page form brought, already on disk in a temporary file (server/http/upload-form.ts):
 * storing it moves that file into place.
 */
export interface AttachmentUpload extends IncomingAttachment {
  path: string;
  sha256: string;
}

/** Files checked against the rules and ready to store; made by `acceptAttachments`. */
export interface AcceptedAttachment {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The bytes in memory (an e-mail's part) or the temporary file they wait in (a form's). */
  source: { bytes: Uint8Array } | { path: string };
}

function accepted<T extends IncomingAttachment>(
  files: readonly T[],
  sourceOf: (file: T) => Omit<AcceptedAttachment, 'fileName' | 'contentType'>,
): AcceptedAttachment[] {
  const check = checkAttachments(files);
  if (!check.ok) throw new CaseError('INVALID_INPUT', check.message, ATTACHMENTS_FIELD);
  return check.files.map((file, index) => {
    const sent = files[index];
    if (!sent) throw new Error('An accepted file has no source');
    return { fileName: file.fileName, contentType: file.kind.contentType, ...sourceOf(sent) };
  });
}

/** The files, all accepted, or the refusal naming what is wrong, before anything is stored. */
export function acceptAttachments(files: readonly AttachmentBytes[]): AcceptedAttachment[] {
  return accepted(
    files.map((file) => ({
      fileName: file.fileName,
      size: file.bytes.length,
      head: file.bytes.subarray(0, ATTACHMENT_HEAD_BYTES),
      bytes: file.bytes,
    })),
    (file) => ({
      size: file.size,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      source: { bytes: file.bytes },
    }),
  );
}

/** A form's files, all accepted, or the refusal naming what is wrong (the same rules). */
export function acceptUploads(files: readonly AttachmentUpload[]): AcceptedAttachment[] {
  return accepted(files, (file) => ({
    size: file.size,
    sha256: file.sha256,
    source: { path: file.path },
  }));
}

/** Collects the files written during a piece of work and removes them if the work fails. */
export class AttachmentWrites {
  private readonly written: string[] = [];

  constructor(readonly dir: string) {}

  /** Stores the files of a message in the caller's transaction. */
  async store(
    trx: Kysely<Database>,
    /** messageId null: the files came with the case's description. */
    message: { caseId: string; messageId: string | null; at: string },
    files: readonly AcceptedAttachment[],
  ): Promise<void> {
    const rows = files.map((file) => ({
      id: newRecordId('caseAttachment'),
      case_id: message.caseId,
      message_id: message.messageId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      created_at: message.at,
    }));
    await repository.insertAttachments(trx, rows);
    await this.place(rows, files);
  }

  /**
   * Keeps the files in a raise flow's draft, in the caller's transaction. Their ids are
   * attachment ids already: the submit moves the rows onto the case and the bytes stay put.
   */
  async storeInDraft(
    trx: Kysely<Database>,
    draft: { draftId: string; at: string },
    files: readonly AcceptedAttachment[],
  ): Promise<void> {
    const rows = files.map((file) => ({
      id: newRecordId('caseAttachment'),
      draft_id: draft.draftId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      created_at: draft.at,
    }));
    await drafts.insertDraftFiles(trx, rows);
    await this.place(rows, files);
  }

  /** Writes each file's bytes under its stored row's id. */
  private async place(
    rows: readonly { id: string }[],
    files: readonly AcceptedAttachment[],
  ): Promise<void> {
    if (files.length === 0) return;
    if (this.dir === '') throw new Error('No folder is set for case attachments');
    await mkdir(this.dir, { recursive: true });
    for (const [index, row] of rows.entries()) {
      const path = attachmentPath(this.dir, row.id);
      const source = files[index]?.source;
      if (!source) continue;
      this.written.push(path);
      if ('path' in source) await rename(source.path, path);
      else await writeFile(path, source.bytes, { flag: 'wx' });
    }
  }

  /** Runs the work; when it throws, the files it wrote are removed before the error goes on. */
  async around<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await Promise.all(this.written.map((path) => rm(path, { force: true })));
      throw error;
    }
  }
}

/** The writes of a call that may store files, in the folder the context names. */
export function attachmentWrites(context: CaseContext): AttachmentWrites {
  return new AttachmentWrites(context.attachmentsDir ?? '');
}

/** Where an attachment's bytes are: its id is checked to be a record id, never a path. */
export function attachmentPath(dir: string, id: string): string {
  if (!/^[0-9A-Za-z]{18}$/.test(id)) throw new Error(`Not an attachment id: ${id}`);
  return join(dir, id);
}

/** A stored file as its download sends it. */
export interface CaseAttachmentFile {
  fileName: string;
  contentType: string;
  size: number;
  path: string;
}

/**
 * A file for download: to the people who see its case (owner, people on it, the organisation's
 * contacts, agents) and to admins; an internal note's to agents only; a raise flow's draft file
 * to the person who chose it while the draft stands. Anyone else gets the NOT_FOUND refusal, as
 * for a file that does not exist.
 */
export async function openCaseAttachment(
  context: CaseContext,
  id: string,
): Promise<CaseAttachmentFile> {
  const user = signedInUser(context);
  if (!/^[0-9A-Za-z]{18}$/.test(id) || context.attachmentsDir === undefined) throw caseNotFound();
  const row = await repository.findAttachment(context.db, id);
  if (!row) {
    const draftFile = await drafts.findDraftFile(context.db, id);
    if (!draftFile) throw caseNotFound();
    const standing = draftStanding(
      { userId: draftFile.user_id, queue: draftFile.queue, touchedAt: draftFile.touched_at },
      { userId: user.id, queue: draftFile.queue },
      context.now,
    );
    if (standing !== 'own') throw caseNotFound();
    return storedFile(context.attachmentsDir, draftFile);
  }
  let agent = user.canViewSetup;
  if (!agent) agent = (await loadVisibleCase(context, row.case_id)).relation === 'agent';
  if (row.visibility === 'internal' && !agent) throw caseNotFound();
  return storedFile(context.attachmentsDir, row);
}

/** The stored file of a row; a file lost from the folder (a restore without it) is missing. */
async function storedFile(
  dir: string,
  row: { id: string; file_name: string; content_type: string; size: number },
): Promise<CaseAttachmentFile> {
  const path = attachmentPath(dir, row.id);
  if (
    !(await access(path).then(
      () => true,
      () => false,
    ))
  )
    throw caseNotFound();
  return { fileName: row.file_name, contentType: row.content_type, size: row.size, path };
}
