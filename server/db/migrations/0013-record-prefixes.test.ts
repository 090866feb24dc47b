import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { isRecordId, recordKindOf } from '~core/records';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { recordPrefixes } from './0013-record-prefixes.ts';

const RANDOM = 'Xy7QpL2mN9vB4cD';

describeEachDialect('migration 0013-record-prefixes', (database) => {
  it('moves answer events and search queries off the prefixes they shared, keeping the rest of each id', async () => {
    const { db } = database();
    const migrating = db as unknown as Kysely<unknown>;
    await recordPrefixes.down(migrating);
    const now = new Date(0).toISOString();
    await sql`insert into answer_event (id, answer_id, kind, search_hub, question_text, created_at)
      values (${`a0E${RANDOM}`}, 'a0Aanswer00000001', 'shown', 'hub', 'q', ${now})`.execute(db);
    await sql`insert into analytics_event (id, name, fields, page_path, occurred_at, received_at)
      values (${`a0E${RANDOM}`}, 'page view', '{}', '/0/', ${now}, ${now})`.execute(db);
    await sql`insert into search_query_log (id, search_uid, search_hub, query_text, result_count, is_guest, searched_at)
      values (${`a0S${RANDOM}`}, 'uid', 'hub', 'vat', 1, 1, ${now})`.execute(db);

    await recordPrefixes.up(migrating);

    const ids = async (table: string) =>
      (await sql<{ id: string }>`select id from ${sql.table(table)}`.execute(db)).rows.map(
        (row) => row.id,
      );
    expect(await ids('answer_event')).toEqual([`a0B${RANDOM}`]);
    expect(await ids('search_query_log')).toEqual([`a0Q${RANDOM}`]);
    // Analytics events keep a0E, which is theirs alone now.
    expect(await ids('analytics_event')).toEqual([`a0E${RANDOM}`]);
    for (const id of [...(await ids('answer_event')), ...(await ids('search_query_log'))]) {
      expect(isRecordId(id)).toBe(true);
    }
    expect(recordKindOf(`a0B${RANDOM}`)).toBe('answerEvent');
    expect(recordKindOf(`a0Q${RANDOM}`)).toBe('searchQuery');
  });
});
