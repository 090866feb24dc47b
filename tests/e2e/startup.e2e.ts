import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_URL_SHAPES } from '~server/db/database-url.ts';
import { startPortal } from '~tests/support/portal-process.ts';

const run = promisify(execFile);

async function runNode(script: string, env: NodeJS.ProcessEnv, cwd = process.cwd()) {
  try {
    const { stdout, stderr } = await run(process.execPath, [resolve(script)], {
      cwd,
      env: { PATH: process.env.PATH, ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('starting the built portal', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-startup-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://localhost/portal' }, `Configuration error: ${DATABASE_URL_SHAPES}`],
    [
      { NODE_ENV: 'production' },
      'Configuration error: SESSION_SECRET is required when NODE_ENV=production',
    ],
  ])('stops on a bad value with one line naming it: %o', async (env, line) => {
    const result = await runNode('build/node/server/main.js', { DATA_DIR: dir, ...env });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(line);
  });

  it.each([
    [
      'postgres://portal:secret@127.0.0.1:1/portal',
      'The portal could not start: DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:1/portal: nothing answers there (connection refused); is the server running?',
    ],
    [
      'sqlite:/etc/hostname/portal.db',
      'The portal could not start: DATABASE_URL: cannot use the SQLite file /etc/hostname/portal.db: part of its path is a file, not a folder',
    ],
  ])('stops with one line naming DATABASE_URL when %s cannot be used', async (url, line) => {
    const result = await runNode('build/node/server/main.js', { DATA_DIR: dir, DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toBe(line);
  });

  it('reads .env from the folder it starts in, under the real environment', async () => {
    await writeFile(join(dir, '.env'), 'PORT=not-a-port\nBRAND=FromDotEnv\n');
    const result = await runNode('build/node/server/main.js', { DATA_DIR: dir }, dir);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a whole number');
    const overridden = await runNode(
      'build/node/server/main.js',
      { DATA_DIR: dir, PORT: '70000' },
      dir,
    );
    expect(overridden.stderr.trim()).toBe('Configuration error: PORT must be between 0 and 65535');
  });

  it('migrates a fresh database with npm run db:migrate, and a second run applies nothing', async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'migrate.db')}`, DATA_DIR: dir };
    const first = await runNode('build/node/server/db/migrate-command.js', env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Database is up to date \(sqlite, [1-9]\d* migrations? applied\)/);
    const second = await runNode('build/node/server/db/migrate-command.js', env);
    expect(second.stdout).toContain('Database is up to date (sqlite, 0 migrations applied)');
  });

  it('writes the suspended parts of its first page in place, not after the rest', async () => {
    const portal = await startPortal();
    try {
      const html = await (await fetch(`${portal.baseUrl}/0/`)).text();
      // Written after the rest, the recommendation blocks would come as a pending boundary and a
      // hidden copy that a script moves in, later than the first paint and never without scripts.
      expect(html).not.toContain('<!--$?-->');
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main).toContain('Top discussions');
    } finally {
      await portal.stop();
    }
  });
});
