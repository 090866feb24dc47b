import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { DATABASE_URL_SHAPES, databaseDialectOf, type DatabaseDialect } from './database-url.ts';
import { noticeChannels, type NoticeChannels } from './notice-channel.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { StorableTextPlugin } from './storable-text.ts';

export type { DatabaseDialect };

export interface PortalDatabase {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** The PostgreSQL schema every connection works in, when one was requested. */
  schema?: string;
  /** Notices between processes sharing the database; PostgreSQL only. */
  notices?: NoticeChannels;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  schema?: string;
  /**
   * Told about connection errors no query is waiting for (PostgreSQL restarting under an idle
   * pool). Without a listener Node would end the process on them.
   */
  onConnectionError?: (error: Error) => void;
}

// A refused or black-holed connection fails the request after this long instead of holding it
// until the operating system gives up (minutes), so visitors get the 503 page promptly.
const CONNECT_TIMEOUT_MS = 3_000;

function logConnectionError(error: Error): void {
  console.error(`Database connection error (the pool reconnects on next use): ${error.message}`);
}

// The schema name goes into a connection option string, so it is restricted to a plain
// identifier rather than quoted.
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export async function createDatabase(
  url: string,
  options: CreateDatabaseOptions = {},
): Promise<PortalDatabase> {
  if (url === 'sqlite:') {
    throw new Error('DATABASE_URL sqlite: needs a file path, for example sqlite:data/portal.db');
  }
  const dialect = databaseDialectOf(url);
  if (dialect === 'sqlite') return openSqlite(url.slice('sqlite:'.length));
  if (dialect === 'postgres') {
    return openPostgres(url, options.schema, options.onConnectionError ?? logConnectionError);
  }
  throw new Error(DATABASE_URL_SHAPES);
}

function openSqlite(path: string): PortalDatabase {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const connection = new SqliteDatabase(path);
  // WAL lets readers work while a write is in progress; the busy timeout makes a second
  // writer wait instead of failing at once; SQLite leaves foreign keys off unless asked.
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // Searches read the full-text index's pages over and over: mapping the file and a larger
  // page cache (64 MiB rather than 2) spare copying them through SQLite's small default cache.
  connection.pragma('mmap_size = 268435456');
  connection.pragma('cache_size = -65536');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    plugins: [new StorableTextPlugin()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * A pool that survives the server going away: pg emits `error` on the pool for idle clients and
 * on a checked-out client between queries, and an unhandled `error` event ends the process. A
 * broken client is dropped by the pool (it is no longer queryable), so the next checkout dials
 * a fresh connection and the portal recovers as soon as the server accepts connections again.
 */
function resilientPool(config: pg.PoolConfig, onError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  onError: (error: Error) => void,
): Promise<PortalDatabase> {
  if (schema === undefined) {
    const pool = resilientPool({ connectionString: url }, onError);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new StorableTextPlugin()],
    });
    const notices = noticeChannels(
      db,
      { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
      undefined,
    );
    return { db, dialect: 'postgres', notices, close: () => db.destroy() };
  }
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Database schema name "${schema}" must be a plain SQL identifier`);
  }
  // Setting search_path at connection start keeps every pooled connection in the schema,
  // so queries never need to name it.
  const pool = resilientPool(
    { connectionString: url, options: `-c search_path=${schema}` },
    onError,
  );
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new StorableTextPlugin()],
  });
  try {
    await db.schema.createSchema(schema).ifNotExists().execute();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const notices = noticeChannels(
    db,
    {
      connectionString: url,
      options: `-c search_path=${schema}`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    },
    schema,
  );
  return { db, dialect: 'postgres', schema, notices, close: () => db.destroy() };
}

/** Runs the smallest query there is; throws when the database does not answer. */
export async function pingDatabase(database: PortalDatabase): Promise<void> {
  await sql`select 1`.execute(database.db);
}
