import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '~core/cases';
import { ATTACHMENT_HEAD_BYTES, type IncomingAttachment } from '~core/validation';
import { BODY_LIMITS, PAYLOAD_TOO_LARGE, tooLargeMessage } from './body-limits.ts';
import { BodyRefusal } from './request-bodies.ts';

/*
 * A page form with files (decision 034): parsed as it streams in, each file written to a
 * temporary file in the uploads folder, so memory holds a file's first bytes, never the file.
 * A file past the size limit is cut off and its bytes thrown away, and the parse goes on: the
 * rest of the form (what was typed) still reaches the action, which answers with the reason
 * next to the field. The caller removes the temporary files once the page has answered.
 */

/** A file of a page form, as the action gets it: where it waits, what it is, whether it fit. */
export interface UploadedFile extends IncomingAttachment {
  field: string;
  /** The temporary file; gone once the page has answered. */
  path: string;
  sha256: string;
}

export interface UploadForm {
  /** The form's text fields, as an urlencoded body for the action. */
  fields: URLSearchParams;
  files: UploadedFile[];
}

/** A file part past the file count is still read (and dropped); this many are kept to count. */
const FILES_KEPT = ATTACHMENT_MAX_FILES + 1;

async function receiveFile(
  stream: NodeJS.ReadableStream & { truncated: boolean },
  file: { field: string; fileName: string; path: string },
): Promise<UploadedFile | undefined> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (headSize < ATTACHMENT_HEAD_BYTES) {
        const part = chunk.subarray(0, ATTACHMENT_HEAD_BYTES - headSize);
        head.push(part);
        headSize += part.length;
      }
      done(null, chunk);
    },
  });
  const target = createWriteStream(file.path, { flags: 'wx' });
  try {
    await pipeline(stream, measure, target);
  } catch (error) {
    // A file stream stopped while its file is still being opened creates the file afterwards:
    // the form's removal must not come before that (a broken body left a file behind).
    if (!target.closed) await once(target, 'close');
    throw error;
  }
  // A file input left empty still sends a part, without a name or bytes.
  if (file.fileName === '' && size === 0) {
    await rm(file.path, { force: true });
    return undefined;
  }
  if (stream.truncated) await rm(file.path, { force: true });
  return {
    ...file,
    size,
    head: Buffer.concat(head),
    sha256: hash.digest('hex'),
    ...(stream.truncated ? { tooLarge: true } : {}),
  };
}

const MALFORMED = 'The form could not be read: its multipart body is malformed.';

/** The parser for the request's body; a multipart type without a boundary is a 400. */
function multipartParser(raw: IncomingMessage) {
  try {
    return Busboy({
      headers: { ...raw.headers, 'content-type': raw.headers['content-type'] ?? '' },
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: FILES_KEPT,
        fieldSize: BODY_LIMITS.pageForm,
        fields: 200,
      },
    });
  } catch {
    throw new BodyRefusal(400, MALFORMED, 'BAD_REQUEST');
  }
}

/**
 * Reads a multipart page form from the request, its files into `dir`. Text past the page-form
 * limit is refused with 413 (no browser form types that much); a file past the file limit is
 * marked too large, and files past the count are counted, never refused here: the action says
 * what is wrong and keeps the text. On failure the files written so far are removed.
 */
export async function readUploadForm(raw: IncomingMessage, dir: string): Promise<UploadForm> {
  await mkdir(dir, { recursive: true });
  const fields = new URLSearchParams();
  const receiving: Promise<UploadedFile | undefined>[] = [];
  const paths: string[] = [];
  let textBytes = 0;
  const parser = multipartParser(raw);
  const tooMuchText = new BodyRefusal(
    413,
    tooLargeMessage(BODY_LIMITS.pageForm),
    PAYLOAD_TOO_LARGE,
  );
  let refusal: BodyRefusal | undefined;
  parser.on('field', (name, value, _nameCut, valueCut) => {
    textBytes += name.length + value.length;
    if (valueCut || textBytes > BODY_LIMITS.pageForm) refusal = tooMuchText;
    else fields.append(name, value);
  });
  parser.on('file', (field, stream, fileName) => {
    const path = join(dir, `incoming-${randomUUID()}`);
    paths.push(path);
    const received = receiveFile(stream, { field, fileName: fileName ?? '', path });
    // Seen by Promise.all below; this keeps an early failure from counting as unhandled.
    received.catch(() => undefined);
    receiving.push(received);
  });
  try {
    await pipeline(raw, parser);
    const files = (await Promise.all(receiving)).filter((file) => file !== undefined);
    if (refusal) throw refusal;
    return { fields, files };
  } catch (error) {
    // Every file is finished (written or failed) before its removal, so none outlives it.
    await Promise.allSettled(receiving);
    await removeUploads(paths);
    if (error instanceof BodyRefusal) throw error;
    throw new BodyRefusal(400, MALFORMED, 'BAD_REQUEST');
  }
}

/** Removes a form's temporary files (those the action moved into place are gone already). */
export async function removeUploads(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}
