import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfBasicFixture } from '../fixtures/fixture-folder.ts';

const run = promisify(execFile);
const COMMAND = 'build/node/server/modules/content/import/import-command.js';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

describe('npm run content:import', () => {
  let dataDir: string;
  let fixture: Awaited<ReturnType<typeof copyOfBasicFixture>>;

  async function importCommand(...args: string[]): Promise<Outcome> {
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      SESSION_SECRET: 'command-session-secret-of-at-least-32-characters',
      DATABASE_URL: `sqlite:${join(dataDir, 'portal.db')}`,
      DATA_DIR: dataDir,
    };
    try {
      const { stdout, stderr } = await run(process.execPath, [COMMAND, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'content-command-'));
    fixture = await copyOfBasicFixture();
  });
  afterAll(async () => {
    await fixture.release();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('checks a folder on a dry run and writes nothing', async () => {
    const outcome = await importCommand(fixture.dir, '--dry-run');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain('articles: 3 created, 0 updated, 0 unchanged');
    expect(outcome.stdout).toContain('Dry run: the content is valid; nothing was written.');
    const again = await importCommand(fixture.dir, '--dry-run');
    expect(again.stdout).toContain('articles: 3 created');
  });

  it('imports, shows plain progress lines off a terminal, and changes nothing the second time', async () => {
    const first = await importCommand(fixture.dir);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Importing: 1\/15\n/);
    expect(first.stdout).toContain('Importing: 15/15\n');
    expect(first.stdout).toContain('Content imported.');
    const second = await importCommand(fixture.dir);
    expect(second.stdout).toContain('articles: 0 created, 0 updated, 3 unchanged');
    expect(second.stdout).not.toContain('Importing');
  });

  it('names each bad file and exits with 1', async () => {
    const file = join(fixture.dir, 'apps/tillpoint.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('rating: 3.9', 'rating: 9'));
    const outcome = await importCommand(fixture.dir);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`${file}: rating must be a number from 0 to 5`);
    expect(outcome.stderr).toContain('1 problem in 1 file: nothing was imported.');
  });

  it('explains its usage', async () => {
    const outcome = await importCommand();
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('Usage: npm run content:import -- DIR [--dry-run] [--prune]');
    expect((await importCommand(fixture.dir, '--force')).stderr).toContain(
      'Unknown option --force.',
    );
  });
});
