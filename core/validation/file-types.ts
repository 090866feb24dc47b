/*
 * What kind a file is, told by its first bytes, never by its name alone, and the name it may be
 * shown and offered under: the rules every upload is checked by (a case's attachments,
 * decision 034; a partner resource's file, decision 038).
 */

/** How many of a file's first bytes its type is told from. */
export const ATTACHMENT_HEAD_BYTES = 4096;
export const ATTACHMENT_NAME_MAX = 200;

export interface AttachmentKind {
  contentType: string;
  label: string;
  /** The name endings a file of this kind may have, lower case, without the dot. */
  extensions: readonly string[];
}

const PDF: AttachmentKind = { contentType: 'application/pdf', label: 'PDF', extensions: ['pdf'] };
const PNG: AttachmentKind = { contentType: 'image/png', label: 'PNG image', extensions: ['png'] };
const JPEG: AttachmentKind = {
  contentType: 'image/jpeg',
  label: 'JPEG image',
  extensions: ['jpg', 'jpeg'],
};
const GIF: AttachmentKind = { contentType: 'image/gif', label: 'GIF image', extensions: ['gif'] };
const WEBP: AttachmentKind = {
  contentType: 'image/webp',
  label: 'WebP image',
  extensions: ['webp'],
};
const TEXT: AttachmentKind = {
  contentType: 'text/plain; charset=utf-8',
  label: 'text file',
  extensions: ['txt', 'csv', 'log', 'json', 'xml', 'md'],
};

/** The accepted kinds, for the form's hint and the `accept` attribute. */
export const ATTACHMENT_KINDS: readonly AttachmentKind[] = [PDF, PNG, JPEG, GIF, WEBP, TEXT];
export const ATTACHMENT_ACCEPT = ATTACHMENT_KINDS.flatMap((kind) =>
  kind.extensions.map((extension) => `.${extension}`),
).join(',');

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, index) => head[at + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Text: UTF-8 with no control characters but tab, line feed, carriage return and form feed. */
function isText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  try {
    // Streaming, so a character cut off at the end of the head is not taken for broken text.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return head.every(
    (byte) => (byte >= 0x20 && byte !== 0x7f) || [0x09, 0x0a, 0x0c, 0x0d].includes(byte),
  );
}

/** The accepted kind a file's first bytes show, or undefined for any other content. */
export function attachmentKindOf(head: Uint8Array): AttachmentKind | undefined {
  if (startsWith(head, ascii('%PDF-'))) return PDF;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return GIF;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return WEBP;
  const withoutBom = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
  return isText(withoutBom) ? TEXT : undefined;
}

/** A file as it arrived: its name as sent, its size, and its first bytes. */
export interface IncomingAttachment {
  fileName: string;
  size: number;
  head: Uint8Array;
  /** Whether it went past the upload's size limit (the rest was not read). */
  tooLarge?: boolean;
}

/**
 * A name safe to show and to offer in a download: the last path part, without control
 * characters, quotes or backslashes, at most ATTACHMENT_NAME_MAX characters.
 */
export function attachmentName(sent: string): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (clean.length <= ATTACHMENT_NAME_MAX) return clean === '' ? 'attachment' : clean;
  const dot = clean.lastIndexOf('.');
  const ending = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, ATTACHMENT_NAME_MAX - ending.length) + ending;
}

/** A file name's ending, lower case, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A size as people read it: 12 KB, 3.4 MB. */
export function attachmentSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
