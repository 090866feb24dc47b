import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect, describePostgres } from '~tests/support/dialects.ts';
import { createDatabase, type PortalDatabase } from './database.ts';

describeEachDialect('createDatabase', (database) => {
  it('opens a database that runs queries and knows its dialect', async () => {
    const { db, dialect } = database();
    const result = await sql<{ answer: number }>`select 1 + 1 as answer`.execute(db);
    expect(Number(result.rows[0]?.answer)).toBe(2);
    expect(['sqlite', 'postgres']).toContain(dialect);
  });
});

describe('createDatabase with a sqlite: URL', () => {
  let directory: string;
  let opened: PortalDatabase | undefined;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'portal-db-test-'));
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  async function pragma(name: string): Promise<unknown> {
    if (!opened) throw new Error('no database opened');
    const result = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(
      opened.db,
    );
    return Object.values(result.rows[0] ?? {})[0];
  }

  it('uses WAL, enforces foreign keys and waits 5 s for a busy database', async () => {
    opened = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
    expect(opened.dialect).toBe('sqlite');
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('creates missing parent folders for an absolute path', async () => {
    const file = join(directory, 'a', 'b', 'portal.db');
    opened = await createDatabase(`sqlite:${file}`);
    expect(existsSync(file)).toBe(true);
  });

  it('resolves a relative path against the working directory', async () => {
    const file = join(directory, 'nested', 'portal.db');
    opened = await createDatabase(`sqlite:${relative(process.cwd(), file)}`);
    expect(existsSync(file)).toBe(true);
  });
});

describe('createDatabase with an unsupported URL', () => {
  it.each(['mysql://root@localhost/portal', 'data/portal.db', '', 'sqlite:', 'postgres:/x'])(
    'rejects %j with a message about DATABASE_URL',
    async (url) => {
      await expect(createDatabase(url)).rejects.toThrow(/^DATABASE_URL .*sqlite:/);
    },
  );

  it('says which shapes are accepted', async () => {
    await expect(createDatabase('mysql://x')).rejects.toThrow(
      /sqlite:PATH.*postgres:\/\/.*postgresql:\/\//,
    );
  });
});

describePostgres('createDatabase with a schema', (url) => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let opened: PortalDatabase | undefined;

  afterEach(async () => {
    if (!opened) return;
    await opened.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await opened.close();
    opened = undefined;
  });

  it('creates the schema and puts every pooled connection in it', async () => {
    opened = await createDatabase(url, { schema });
    expect(opened).toMatchObject({ dialect: 'postgres', schema });
    const { db } = opened;
    // Concurrent queries force the pool to open several connections.
    const schemas = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const result = await sql<{ schema: string }>`
          select current_schema() as schema from pg_sleep(0.05)
        `.execute(db);
        return result.rows[0]?.schema;
      }),
    );
    expect(schemas).toEqual(Array(5).fill(schema));
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(createDatabase(url, { schema: 'x; drop schema public' })).rejects.toThrow(
      /plain SQL identifier/,
    );
  });
});
