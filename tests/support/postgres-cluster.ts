import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './portal-process.ts';

const run = promisify(execFile);
const POSTGRES_LIB = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder with initdb and pg_ctl, if there is one. */
export function postgresBinaries(): string | undefined {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv !== undefined) return existsSync(join(fromEnv, 'pg_ctl')) ? fromEnv : undefined;
  if (!existsSync(POSTGRES_LIB)) return undefined;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((version) => existsSync(join(POSTGRES_LIB, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(POSTGRES_LIB, versions[0], 'bin');
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are ended, as in a restart or failover. */
  stop(): Promise<void>;
  /** Stops the server if it runs and removes its files. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server of the test's own, in a temporary folder on a free port, so a
 * test can stop and start it. PostgreSQL refuses to run as root: under root the binaries run as
 * the `postgres` user, who owns the folder.
 */
export async function createPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: 30_000 })
      : run(join(bin, tool), args, { timeout: 30_000 });

  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', [
        '--pgdata',
        data,
        '--wait',
        '--log',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
      running = true;
    },
    async stop() {
      await pg('pg_ctl', ['--pgdata', data, '--wait', '--mode', 'fast', 'stop']);
      running = false;
    },
    async destroy() {
      try {
        if (running) await cluster.stop();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    await pg('initdb', [
      '--pgdata',
      data,
      '--auth',
      'trust',
      '--username',
      'postgres',
      '--no-sync',
    ]);
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
