import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';

/*
 * Migrating a database takes far longer than copying one, so the tests migrate one template per
 * migration set and give each suite a copy: a file copy on SQLite, CREATE DATABASE … TEMPLATE
 * on PostgreSQL. Templates are named by a fingerprint of the migration files, so a changed
 * migration gets a new template and an unchanged one is reused by later runs, other workers and
 * other checkouts alike.
 */

export interface TestDatabase {
  database: PortalDatabase;
  /** Where it is, for a PostgreSQL clone: a portal under test connects to it by its own pools. */
  url?: string;
  /** Closes the database and removes everything the test created. */
  release(): Promise<void>;
}

/** Bumped when the way a template is made changes, so no older template is taken for a new one. */
const TEMPLATE_FORMAT = '1';
const MIGRATIONS_DIR = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const SQLITE_TEMPLATE_DIR = join(tmpdir(), 'portal-test-templates');
const POSTGRES_TEMPLATE_PREFIX = 'portal_template_';
/** Templates of other migration sets kept for other checkouts (branches) testing side by side. */
const TEMPLATES_KEPT = 8;
/** Serialises building a PostgreSQL template across workers and runs. */
const TEMPLATE_LOCK = 'portal test database templates';

let fingerprint: Promise<string> | undefined;

/** A short hash of every migration file's name and text. */
export function migrationsFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\n`);
    const files = (await readdir(MIGRATIONS_DIR))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .sort();
    for (const name of files) {
      hash
        .update(`${name}\n`)
        .update(await readFile(join(MIGRATIONS_DIR, name)))
        .update('\n');
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprint;
}

function randomName(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * The migrated SQLite template for the current migrations, made when there is none yet. It is
 * built under a name of its own and renamed into place, so a worker never copies a half-made
 * one; two workers building at once both succeed, and one of the identical files stays.
 */
export async function ensureSqliteTemplate(): Promise<string> {
  const path = join(SQLITE_TEMPLATE_DIR, `sqlite-${await migrationsFingerprint()}.db`);
  if (await exists(path)) return path;
  await mkdir(SQLITE_TEMPLATE_DIR, { recursive: true });
  const building = join(SQLITE_TEMPLATE_DIR, `${randomName('building-')}.db`);
  try {
    const database = await createDatabase(`sqlite:${building}`);
    try {
      await migrateToLatest(database);
      // Out of WAL mode, the whole database is in the one file that is copied.
      await sql`pragma journal_mode = delete`.execute(database.db);
    } finally {
      await database.close();
    }
    await rename(building, path);
  } finally {
    await Promise.all(
      ['', '-wal', '-shm'].map((suffix) => rm(`${building}${suffix}`, { force: true })),
    );
  }
  await pruneSqliteTemplates(path);
  return path;
}

async function pruneSqliteTemplates(current: string): Promise<void> {
  const templates = await Promise.all(
    (await readdir(SQLITE_TEMPLATE_DIR))
      .filter((name) => /^sqlite-[0-9a-f]+\.db$/.test(name))
      .map(async (name) => {
        const path = join(SQLITE_TEMPLATE_DIR, name);
        return { path, modified: (await stat(path).catch(() => undefined))?.mtimeMs ?? 0 };
      }),
  );
  const stale = templates
    .filter((template) => template.path !== current)
    .sort((a, b) => b.modified - a.modified)
    .slice(TEMPLATES_KEPT - 1);
  await Promise.all(stale.map((template) => rm(template.path, { force: true })));
}

/** A SQLite database of the suite's own: a copy of the template, or empty without one. */
export async function openSqliteCopy(template: string | undefined): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const removeDirectory = () => rm(directory, { recursive: true, force: true });
  try {
    const file = join(directory, 'portal.db');
    if (template !== undefined) await copyFile(template, file);
    return releasing(await createDatabase(`sqlite:${file}`), removeDirectory);
  } catch (error) {
    await removeDirectory();
    throw error;
  }
}

/** The URL of another database on the same server. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.href;
}

function quoted(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  return `"${name}"`;
}

/** Runs `work` on one connection to the database of `url`, which the test databases are made from. */
async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  return found.rowCount === 1;
}

/**
 * The name of the migrated PostgreSQL template for the current migrations, made when there is
 * none yet. One builder at a time (an advisory lock); the template is built under another name
 * and renamed when complete, and no one may connect to it after, since CREATE DATABASE refuses
 * a template that has sessions.
 */
export async function ensurePostgresTemplate(url: string): Promise<string> {
  const name = `${POSTGRES_TEMPLATE_PREFIX}${await migrationsFingerprint()}`;
  return onServer(url, async (client) => {
    if (await databaseExists(client, name)) return name;
    await client.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
    try {
      if (await databaseExists(client, name)) return name;
      const building = `${name}_building`;
      await client.query(`drop database if exists ${quoted(building)} with (force)`);
      await client.query(`create database ${quoted(building)} template template0`);
      const database = await createDatabase(databaseUrl(url, building));
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
      await untilDisconnected(client, building);
      await client.query(`alter database ${quoted(building)} rename to ${quoted(name)}`);
      await client.query(`alter database ${quoted(name)} with allow_connections false`);
      await prunePostgresTemplates(client, name);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
    }
  });
}

/** Drops all but the newest templates: a database's oid grows with each one made. */
async function prunePostgresTemplates(client: pg.Client, current: string): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    `select datname from pg_database
      where datname like $1 and datname <> $2 and datname not like '%\\_building'
      order by oid desc offset $3`,
    [`${POSTGRES_TEMPLATE_PREFIX}%`, current, TEMPLATES_KEPT - 1],
  );
  for (const { datname } of rows) {
    await client.query(`drop database if exists ${quoted(datname)} with (force)`);
  }
}

/** How long a database's connections get to finish closing before they are cut or waited out. */
const CLOSING_WAIT_MS = 5000;

/**
 * Waits until the server has seen a database's connections go. A closed pool ends them without
 * waiting for that, and renaming the database, or dropping it, is refused or cuts them (which
 * makes their client throw) until then.
 */
async function untilDisconnected(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + CLOSING_WAIT_MS;
  for (;;) {
    const { rows } = await client.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.open === 0 || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Drops a suite's database; FORCE only cuts connections a test left open. */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await untilDisconnected(client, name);
  await client.query(`drop database if exists ${quoted(name)} with (force)`);
}

/**
 * A PostgreSQL database of the suite's own: a clone of the template, or an empty database
 * without one; dropped on release. Clones of one template may be made at the same time.
 */
export async function openPostgresClone(
  url: string,
  template: string | undefined,
): Promise<TestDatabase> {
  const name = randomName('t_');
  const source = template === undefined ? 'template0' : template;
  await onServer(url, (client) =>
    client.query(`create database ${quoted(name)} template ${quoted(source)}`),
  );
  const drop = () => onServer(url, (client) => dropDatabase(client, name));
  let database: PortalDatabase;
  try {
    database = await createDatabase(databaseUrl(url, name));
  } catch (error) {
    await drop();
    throw error;
  }
  return { ...releasing(database, drop), url: databaseUrl(url, name) };
}

/** The suite's database, and how to close it and remove what was made for it. */
function releasing(database: PortalDatabase, removeAfterClosing: () => Promise<unknown>) {
  return {
    database,
    async release() {
      try {
        await database.close();
      } finally {
        await removeAfterClosing();
      }
    },
  };
}
