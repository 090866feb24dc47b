import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect, describePostgres } from '~tests/support/dialects.ts';
import { createDatabase, type PortalDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

const allMigrations = Object.keys(migrations).sort();

describeEachDialect(
  'migrateToLatest on a fresh database',
  (database) => {
    it('applies every migration in order, then nothing on a second run', async () => {
      expect(allMigrations).toContain('0001-app-setting');
      expect(await migrateToLatest(database())).toEqual(allMigrations);
      expect(await migrateToLatest(database())).toEqual([]);
    });

    it('leaves an app_setting table that stores rows', async () => {
      const { db } = database();
      await db
        .insertInto('app_setting')
        .values({ key: 'k', value: 'v', updated_at: '2024-01-01T00:00:00.000Z' })
        .execute();
      const row = await db.selectFrom('app_setting').selectAll().executeTakeFirstOrThrow();
      expect(row).toEqual({ key: 'k', value: 'v', updated_at: '2024-01-01T00:00:00.000Z' });
    });
  },
  { migrate: false },
);

describeEachDialect(
  'migrateToLatest when a migration fails',
  (database) => {
    it('throws an error naming the migration and the reason', async () => {
      const { db } = database();
      // A table of the same name already there makes 0001 fail.
      await db.schema.createTable('app_setting').addColumn('key', 'text').execute();
      await expect(migrateToLatest(database())).rejects.toThrow(
        /^Migration 0001-app-setting failed: .*app_setting.*already exists/,
      );
    });
  },
  { migrate: false },
);

describePostgres('migrateToLatest in schemas of one database', (url) => {
  const opened: { database: PortalDatabase; schema: string }[] = [];

  afterAll(async () => {
    for (const { database, schema } of opened) {
      await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await database.close();
    }
  });

  async function openSchema(): Promise<PortalDatabase> {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await createDatabase(url, { schema });
    opened.push({ database, schema });
    return database;
  }

  it('keeps the migration bookkeeping of each schema apart', async () => {
    const first = await openSchema();
    const second = await openSchema();
    expect(await migrateToLatest(first)).toEqual(allMigrations);
    expect(await migrateToLatest(second)).toEqual(allMigrations);

    const result = await sql<{ table_schema: string }>`
      select table_schema from information_schema.tables
      where table_name = 'kysely_migration' and table_schema in (${first.schema}, ${second.schema})
      order by table_schema
    `.execute(first.db);
    expect(result.rows.map((row) => row.table_schema)).toEqual(
      [first.schema, second.schema].sort(),
    );
  });
});
