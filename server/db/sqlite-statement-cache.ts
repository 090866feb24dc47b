import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Prepared statements kept per connection; enough for every distinct statement the portal runs. */
export const STATEMENT_CACHE_SIZE = 500;

/*
 * Kysely prepares each statement again every time it runs. A search runs about ten, and
 * preparing them took about 0.4 ms of each search at 100k documents (docs/performance.md), so
 * the connection keeps its prepared statements by SQL text, least recently used out first. A
 * statement still iterating rows (a streamed query) is busy and cannot be reused, so a fresh one
 * is prepared for that run.
 */
export function withStatementCache(
  connection: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      connection.close();
    },
    prepare(sqlText: string) {
      const known = statements.get(sqlText);
      if (known !== undefined && !known.busy) {
        statements.delete(sqlText);
        statements.set(sqlText, known);
        return known;
      }
      const statement = connection.prepare(sqlText);
      if (known !== undefined) return statement;
      statements.set(sqlText, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
