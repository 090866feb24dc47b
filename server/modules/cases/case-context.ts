import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '~server/db/schema.ts';
import type { PortalUser, Viewer } from '~server/modules/identity';
import { CaseError } from './case-error.ts';
import type { CaseReplySettings } from './case-replies.ts';

/** What every call needs: the database, who is asking, the site's address and the time. */
export interface CaseContext {
  db: Kysely<Database>;
  viewer: Viewer;
  siteUrl: string;
  now: Date;
  /** Signed reply addresses for the case's e-mails; unset, replies match by thread only. */
  replies?: CaseReplySettings | undefined;
  /** Signs the links an owner without an account follows the case by (case-follow-links.ts). */
  followKey?: Buffer | undefined;
  /** Where the cases' files are kept (config caseAttachmentsDir); needed to store or read one. */
  attachmentsDir?: string | undefined;
}

/** The signed-in user, or a refusal that sends a guest to sign in. */
export function signedInUser(context: CaseContext): PortalUser {
  if (context.viewer.isGuest) {
    throw new CaseError('SIGN_IN_REQUIRED', 'Sign in to see your support cases.');
  }
  return context.viewer.user;
}

/** The input as the schema accepts it, or a refusal naming the first bad field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  throw new CaseError(
    'INVALID_INPUT',
    issue?.message ?? 'The form is not complete.',
    typeof field === 'string' ? field : undefined,
  );
}
