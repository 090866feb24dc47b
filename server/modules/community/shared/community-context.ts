import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '~server/db/schema.ts';
import type { Viewer } from '~server/modules/identity';
import { CommunityError } from './community-error.ts';
import type { Actor } from './community.policy.ts';

/** What every call needs: the database, who is asking, and the site URL links are judged by. */
export interface CommunityContext {
  db: Kysely<Database>;
  viewer: Viewer;
  /** The configured site URL (context.config.siteUrl): links elsewhere are marked external. */
  siteUrl: string;
  now?: Date;
}

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;

export function nowOf(context: CommunityContext): Date {
  return context.now ?? new Date();
}

export function actorOf(context: CommunityContext): Actor {
  return context.viewer.user;
}

/** The form's values as the schema accepts them, or a refusal naming the first bad field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  throw new CommunityError(
    'INVALID_INPUT',
    issue?.message ?? 'The form is not complete.',
    typeof field === 'string' ? field : undefined,
  );
}

export function notFound(what: string): CommunityError {
  return new CommunityError('NOT_FOUND', `This ${what} does not exist or was removed.`);
}

/** What a page asks for, or undefined when it is missing or hidden from this viewer. */
export async function unlessNotFound<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof CommunityError && error.errorCode === 'NOT_FOUND') return undefined;
    throw error;
  }
}

export function paging(options?: { offset?: number; limit?: number }): {
  offset: number;
  limit: number;
} {
  const offset = Math.max(0, Math.floor(options?.offset ?? 0));
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(options?.limit ?? DEFAULT_PAGE)));
  return { offset, limit };
}
