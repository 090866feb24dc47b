import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { LoaderFunctionArgs } from 'react-router';
import { caseContext, loadOrNotFound, requireSignIn } from './cases.server.ts';
import { openCaseAttachment } from './case-service.server.ts';

/**
 * GET CASE_ATTACHMENT_PATTERN: a case's file, to those who may see it (404 to anyone else).
 * Always a download with the type told from its content when it was stored, and nosniff, so a
 * browser never renders a customer's file as a page of the portal.
 */
export async function caseAttachmentLoader({ request, context, params }: LoaderFunctionArgs) {
  requireSignIn(context, request);
  const file = await loadOrNotFound(context, request, () =>
    openCaseAttachment(caseContext(context), params.attachmentId ?? ''),
  );
  const stream = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${extendedName(file.fileName)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}

/** The name as RFC 8187 spells it: percent-encoded UTF-8, the characters it reserves too. */
function extendedName(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name for browsers that read only `filename`: its non-ASCII letters as underscores. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}
