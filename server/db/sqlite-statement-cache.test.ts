import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.ts';

describe('withStatementCache', () => {
  it('reuses a prepared statement for the same SQL and prepares new SQL once', () => {
    const connection = new SqliteDatabase(':memory:');
    const cached = withStatementCache(connection, 2);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(cached.prepare('select 2 as two')).not.toBe(first);
    cached.close();
  });

  it('drops the least recently used statement when full', () => {
    const connection = new SqliteDatabase(':memory:');
    const cached = withStatementCache(connection, 2);
    const one = cached.prepare('select 1');
    const two = cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(one);
    expect(cached.prepare('select 2')).not.toBe(two);
    cached.close();
  });

  it('prepares a fresh statement while the cached one is still iterating rows', () => {
    const connection = new SqliteDatabase(':memory:');
    const cached = withStatementCache(connection);
    connection.exec('create table item (id integer primary key); insert into item values (1), (2)');
    const seen: number[][] = [];
    const listing = cached.prepare('select id from item order by id') as SqliteDatabase.Statement;
    for (const row of listing.iterate() as Iterable<{ id: number }>) {
      const again = cached.prepare('select id from item order by id') as SqliteDatabase.Statement;
      expect(again).not.toBe(listing);
      seen.push([row.id, again.all().length]);
    }
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(cached.prepare('select id from item order by id')).toBe(listing);
    cached.close();
  });

  it('answers correctly after the schema changes under a kept statement', async () => {
    const connection = new SqliteDatabase(':memory:');
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    });
    await sql`create table note (text text)`.execute(db);
    await sql`insert into note values ('a')`.execute(db);
    expect((await sql`select * from note`.execute(db)).rows).toEqual([{ text: 'a' }]);
    await sql`alter table note add column size integer`.execute(db);
    expect((await sql`select * from note`.execute(db)).rows).toEqual([{ text: 'a', size: null }]);
    await db.destroy();
  });
});
