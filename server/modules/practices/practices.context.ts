import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';

/** What the practices' services are handed by the pages that call them. */
export interface PracticesContext {
  db: Kysely<Database>;
  now: Date;
  /** Absolute addresses of the pages the e-mails link to. */
  links: { manage: string; listing(slug: string): string };
}

/** The signed-in person acting, as the pages know them. */
export interface PracticeUser {
  id: string;
  name: string;
  email: string;
}

/** A refusal at a form field, the message to show there. */
export interface FieldProblem<Field extends string = string> {
  kind: 'invalid';
  field: Field;
  message: string;
}

export const invalid = <Field extends string>(
  field: Field,
  message: string,
): FieldProblem<Field> => ({
  kind: 'invalid',
  field,
  message,
});
