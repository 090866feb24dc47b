/*
 * Files on support cases (docs/cases.md, decision 034): what may be attached, told by the
 * file's first bytes, never by its name alone. A file whose name claims another type than its
 * content is refused, so a program renamed to `report.pdf` never reaches an agent.
 */

import { VARIANT_ROOT } from '../routes/index.ts';
import {
  attachmentKindOf,
  attachmentName,
  extensionOf,
  type AttachmentKind,
  type IncomingAttachment,
} from '../validation/index.ts';

export const ATTACHMENT_MAX_FILES = 10;
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** The file input of every case form that takes files; a refusal of its files names it. */
export const ATTACHMENTS_FIELD = 'attachments';

export type AttachmentCheck =
  | { ok: true; files: { fileName: string; size: number; kind: AttachmentKind }[] }
  | { ok: false; message: string };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The files a form or an e-mail brought, accepted all together or refused with the reason. */
export function checkAttachments(files: readonly IncomingAttachment[]): AttachmentCheck {
  if (files.length > ATTACHMENT_MAX_FILES) {
    return {
      ok: false,
      message: `Attach at most ${ATTACHMENT_MAX_FILES} files to one message.`,
    };
  }
  const accepted: { fileName: string; size: number; kind: AttachmentKind }[] = [];
  for (const file of files) {
    const name = attachmentName(file.fileName);
    if (file.tooLarge || file.size > ATTACHMENT_MAX_BYTES) {
      return {
        ok: false,
        message: `${name} is larger than ${megabytes(ATTACHMENT_MAX_BYTES)}. Attach a smaller file.`,
      };
    }
    if (file.size === 0) return { ok: false, message: `${name} is empty.` };
    const kind = attachmentKindOf(file.head);
    if (!kind) {
      return {
        ok: false,
        message: `${name} is not a file type cases take: attach PDFs, images (PNG, JPEG, GIF, WebP) or text files.`,
      };
    }
    if (!kind.extensions.includes(extensionOf(name))) {
      return {
        ok: false,
        message: `${name} is a ${kind.label} by its content, which its name does not say: rename it to end in .${kind.extensions[0]}.`,
      };
    }
    accepted.push({ fileName: name, size: file.size, kind });
  }
  return { ok: true, files: accepted };
}

/** The download address of a case's file (the route answers 404 to anyone who may not see it). */
export const CASE_ATTACHMENT_PATTERN = `${VARIANT_ROOT.aura}/case-attachments/:attachmentId`;

export function caseAttachmentPath(id: string): string {
  return CASE_ATTACHMENT_PATTERN.replace(':attachmentId', encodeURIComponent(id));
}
