import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { storableText } from './storable-text.ts';

describe('storableText', () => {
  it('turns NUL characters into U+FFFD and leaves everything else alone', () => {
    expect(storableText('a\u0000b\u0000')).toBe('a\uFFFDb\uFFFD');
    expect(storableText('\u0001\t\u007f plain 日本')).toBe('\u0001\t\u007f plain 日本');
    expect(storableText(7)).toBe(7);
    expect(storableText(null)).toBe(null);
  });
});

describeEachDialect('text with NUL characters in queries', (database) => {
  it('stores them as U+FFFD instead of failing (PostgreSQL refuses 0x00 in text)', async () => {
    const { db } = database();
    const now = new Date().toISOString();
    await db
      .insertInto('app_setting')
      .values({ key: 'nul\u0000key', value: 'a\u0000b', updated_at: now })
      .execute();
    const row = await db
      .selectFrom('app_setting')
      .select(['key', 'value'])
      .where('key', '=', 'nul\u0000key')
      .executeTakeFirst();
    expect(row).toEqual({ key: 'nul\uFFFDkey', value: 'a\uFFFDb' });
  });

  it('looks a NUL up as finding nothing, in lists and raw SQL too', async () => {
    const { db } = database();
    const listed = await db
      .selectFrom('app_setting')
      .select('key')
      .where('key', 'in', ['\u0000', 'x\u0000'])
      .execute();
    expect(listed).toEqual([]);
    const raw = await sql<{
      key: string;
    }>`select key from app_setting where key = ${'\u0000'}`.execute(db);
    expect(raw.rows).toEqual([]);
  });
});
