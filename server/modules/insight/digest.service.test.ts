import { beforeEach, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { builtInIssuer, NO_USER_DATA, saveUser, type UserData } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { rollUpDay, sendInsightDigests, setInsightDigest, takesInsightDigest } from './index.ts';

const SITE = { siteUrl: 'https://portal.example', brand: 'Demo' };
// A Wednesday: the digest is about the week of Monday 16 November.
const NOW = new Date('2026-11-25T09:00:00.000Z');

describeEachDialect('insight digest', (database) => {
  const users: Record<string, string> = {};

  beforeEach(async () => {
    const { db } = database();
    for (const table of [
      'mail_outbox',
      'insight_digest_subscriber',
      'search_query_log',
      'insight_daily',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    const roles: Record<string, Partial<UserData>> = {
      admin: { canViewSetup: true },
      other: { canViewSetup: true },
      agent: { isAgent: true },
    };
    for (const [key, data] of Object.entries(roles)) {
      const user = await saveUser(
        db,
        {
          issuer: builtInIssuer(SITE.siteUrl),
          subject: `digest-${key}`,
          email: `${key}@example.com`,
          firstName: key,
          lastName: 'Tester',
        },
        { ...NO_USER_DATA, ...data },
      );
      users[key] = user.id;
    }
    await db
      .insertInto('search_query_log')
      .values({
        id: 'q1',
        search_uid: 'u1',
        search_hub: 'DEMO_GlobalSearch',
        tab: null,
        query_text: 'Payroll tax',
        result_count: 0,
        is_guest: 1,
        user_region: 'AU',
        cause: null,
        searched_at: '2026-11-18T10:00:00.000Z',
      })
      .execute();
    await rollUpDay(db, '2026-11-18', NOW);
  });

  it('goes once a week to the admins who asked for it, with the week’s gaps and links', async () => {
    const { db } = database();
    await setInsightDigest(db, users.admin!, true, NOW);
    await setInsightDigest(db, users.agent!, true, NOW);
    expect(await takesInsightDigest(db, users.admin!)).toBe(true);
    expect(await takesInsightDigest(db, users.other!)).toBe(false);
    expect(await sendInsightDigests(db, SITE, NOW)).toBe(1);
    expect(await sendInsightDigests(db, SITE, new Date('2026-11-26T09:00:00.000Z'))).toBe(1);
    const outbox = await listOutbox(db);
    expect(outbox.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ['admin@example.com', 'Demo help portal insight, week of 2026-11-16'],
    ]);
    expect(outbox[0]!.text_body).toContain('- payroll tax (1 searches)');
    expect(outbox[0]!.text_body).toContain(
      'https://portal.example/admin/insight/search?from=2026-11-16&to=2026-11-22',
    );
    await setInsightDigest(db, users.admin!, false, NOW);
    expect(await takesInsightDigest(db, users.admin!)).toBe(false);
  });
});
