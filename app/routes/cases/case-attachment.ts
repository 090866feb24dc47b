import type { LoaderFunctionArgs } from 'react-router';
import { caseAttachmentLoader } from './case-attachment.server.ts';

/** GET CASE_ATTACHMENT_PATTERN: a case's file as a download, or 404 (case-attachment.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return caseAttachmentLoader(args);
}
