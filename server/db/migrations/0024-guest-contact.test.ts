import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';

describeEachDialect('migration 0024-guest-contact', (database) => {
  it('lets a case and its messages belong to an address instead of an account', async () => {
    const { db } = database();
    const at = '2026-11-26T10:00:00.000Z';
    await db
      .insertInto('support_case')
      .values({
        id: '500000000000000AAA',
        case_number: 990001,
        queue: 'customer',
        subject: 'Locked out',
        description: 'I cannot sign in.',
        product: null,
        category_id: 'sign-in',
        category_name: 'Signing in',
        topic_id: null,
        topic_name: null,
        impact: 'just-me',
        contact_method: 'email',
        contact_email: 'guest@example.com',
        contact_phone: null,
        callback_from: null,
        callback_to: null,
        status: 'new',
        owner_id: null,
        owner_email: 'guest@example.com',
        organisation_id: null,
        follow_up_of: null,
        created_at: at,
        updated_at: at,
        solved_at: null,
        closed_at: null,
        rating: null,
        rating_comment: null,
        rated_at: null,
        assignee_id: null,
        customer_wrote_at: at,
        merged_into: null,
      })
      .execute();
    await db
      .insertInto('support_case_message')
      .values({
        id: 'a0M000000000000AAA',
        case_id: '500000000000000AAA',
        author_id: null,
        author_role: 'customer',
        body: 'More detail.',
        created_at: at,
        mail_message_id: null,
      })
      .execute();
    const row = await db
      .selectFrom('support_case')
      .select(['owner_id', 'owner_email'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: null, owner_email: 'guest@example.com' });
    // The rebuilt tables keep their foreign keys: a message of no case is refused.
    await expect(
      db
        .insertInto('support_case_message')
        .values({
          id: 'a0M000000000000AAB',
          case_id: 'no-such-case',
          author_id: null,
          author_role: 'customer',
          body: 'x',
          created_at: at,
          mail_message_id: null,
        })
        .execute(),
    ).rejects.toThrow();
    if (database().dialect === 'sqlite') {
      const indexes = await sql<{ name: string }>`
        select name from sqlite_master where type = 'index' and tbl_name = 'support_case'`.execute(
        db,
      );
      expect(indexes.rows.map((index) => index.name)).toEqual(
        expect.arrayContaining([
          'support_case_owner',
          'support_case_status',
          'support_case_waiting',
          'support_case_owner_email',
        ]),
      );
    }
  });
});
