import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { LoaderFunctionArgs } from 'react-router';
import { fileDownloadHeaders } from '~app/file-download.server.ts';
import { caseContext, loadOrNotFound, requireSignIn } from './cases.server.ts';
import { openCaseAttachment } from './case-service.server.ts';

/**
 * GET CASE_ATTACHMENT_PATTERN: a case's file, to those who may see it (404 to anyone else),
 * always as a download (file-download.server.ts).
 */
export async function caseAttachmentLoader({ request, context, params }: LoaderFunctionArgs) {
  requireSignIn(context, request);
  const file = await loadOrNotFound(context, request, () =>
    openCaseAttachment(caseContext(context), params.attachmentId ?? ''),
  );
  const stream = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(stream, { headers: fileDownloadHeaders(file) });
}
