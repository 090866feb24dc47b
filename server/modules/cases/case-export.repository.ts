import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CaseTables } from './cases.tables.ts';

type Db = ModuleDatabase<CaseTables>;

/**
 * The cases a user raised or was added to, and those raised without an account from their
 * address (the identity provider vouches for it, as MFA help trusts it), with their
 * conversations as the case page shows them to the user, for their data export.
 */
export async function listCasesForExport(db: Db, person: { userId: string; email: string | null }) {
  const { userId } = person;
  const email = person.email?.toLowerCase() ?? null;
  const shared = db
    .selectFrom('support_case_person')
    .select('case_id')
    .where('user_id', '=', userId);
  const cases = await db
    .selectFrom('support_case')
    .select([
      'id',
      'case_number',
      'subject',
      'description',
      'product',
      'category_name',
      'topic_name',
      'impact',
      'status',
      'contact_method',
      'contact_email',
      'contact_phone',
      'owner_id',
      'owner_email',
      'created_at',
      'updated_at',
      'solved_at',
      'closed_at',
      'rating',
      'rating_comment',
    ])
    .where((where) =>
      where.or([
        where('owner_id', '=', userId),
        where('id', 'in', shared),
        ...(email
          ? [where.and([where('owner_id', 'is', null), where('owner_email', '=', email)])]
          : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
  if (cases.length === 0) return [];
  const messages = await db
    .selectFrom('support_case_message')
    .select(['case_id', 'author_id', 'author_role', 'body', 'created_at'])
    // The support team's internal notes are theirs, not the customer's (docs/cases.md).
    .where('visibility', '=', 'public')
    .where(
      'case_id',
      'in',
      cases.map((row) => row.id),
    )
    .orderBy('created_at')
    .execute();
  return cases.map(({ id, owner_id, owner_email, ...row }) => ({
    ...row,
    raisedByYou: owner_id === userId || (owner_id === null && owner_email === email),
    conversation: messages
      .filter((message) => message.case_id === id)
      .map((message) => ({
        from: message.author_id === userId ? 'you' : message.author_role,
        body: message.body,
        at: message.created_at,
      })),
  }));
}
