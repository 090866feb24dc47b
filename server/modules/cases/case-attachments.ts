import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { ATTACHMENT_HEAD_BYTES, checkAttachments } from '~core/cases';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { CaseError } from './case-error.ts';
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

/** Files checked against the rules and ready to store; made by `acceptAttachments`. */
export interface AcceptedAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The files, all accepted, or the refusal naming what is wrong, before anything is stored. */
export function acceptAttachments(files: readonly AttachmentBytes[]): AcceptedAttachment[] {
  const check = checkAttachments(
    files.map((file) => ({
      fileName: file.fileName,
      size: file.bytes.length,
      head: file.bytes.subarray(0, ATTACHMENT_HEAD_BYTES),
    })),
  );
  if (!check.ok) throw new CaseError('INVALID_INPUT', check.message, 'attachments');
  return check.files.map((file, index) => ({
    fileName: file.fileName,
    contentType: file.kind.contentType,
    bytes: files[index]?.bytes ?? new Uint8Array(),
  }));
}

/** Collects the files written during a piece of work and removes them if the work fails. */
export class AttachmentWrites {
  private readonly written: string[] = [];

  constructor(readonly dir: string) {}

  /** Stores the files of a message in the caller's transaction. */
  async store(
    trx: Kysely<Database>,
    message: { caseId: string; messageId: string; at: string },
    files: readonly AcceptedAttachment[],
  ): Promise<void> {
    if (files.length === 0) return;
    await mkdir(this.dir, { recursive: true });
    const rows = files.map((file) => ({
      id: newRecordId('caseAttachment'),
      case_id: message.caseId,
      message_id: message.messageId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      created_at: message.at,
    }));
    await repository.insertAttachments(trx, rows);
    for (const [index, row] of rows.entries()) {
      const path = attachmentPath(this.dir, row.id);
      this.written.push(path);
      await writeFile(path, files[index]?.bytes ?? new Uint8Array(), { flag: 'wx' });
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

/** Where an attachment's bytes are: its id is checked to be a record id, never a path. */
export function attachmentPath(dir: string, id: string): string {
  if (!/^[0-9A-Za-z]{18}$/.test(id)) throw new Error(`Not an attachment id: ${id}`);
  return join(dir, id);
}
