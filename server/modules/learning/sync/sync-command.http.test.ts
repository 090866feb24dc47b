import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const COMMAND = 'build/node/server/modules/learning/sync/sync-command.js';
const DEMO = 'content/learning/catalogue.json';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

describe('npm run learning:sync', () => {
  let dataDir: string;

  async function sync(...args: string[]): Promise<Outcome> {
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

  const storedLine = (outcome: Outcome) =>
    outcome.stdout.split('\n').find((line) => line.startsWith('Stored:'));

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'learning-command-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('syncs the demo catalogue with progress and a summary, and twice gives the same counts', async () => {
    const first = await sync(DEMO);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Syncing: 1\/38\n/);
    expect(first.stdout).toContain('items: 34 created, 0 updated, 0 unchanged, 0 removed');
    expect(first.stdout).toContain('certifications: 4 created');
    const second = await sync(DEMO);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('items: 0 created, 0 updated, 34 unchanged, 0 removed');
    expect(storedLine(second)).toBe(storedLine(first));
    expect(storedLine(first)).toMatch(
      /^Stored: 34 items, \d+ sessions, \d+ next class dates, 4 certifications\.$/,
    );
  });

  it('changes nothing when one record is bad, and names it with its reason', async () => {
    const demo = JSON.parse(await readFile(DEMO, 'utf8')) as { items: Record<string, unknown>[] };
    demo.items = demo.items.filter((item) => item.id !== 'LL-C-101');
    const broken = demo.items.find((item) => item.id === 'LL-R-602');
    if (broken)
      broken.sessions = [{ id: 'LL-R-602-X', startsAt: 'soon', timeZone: 'UTC', region: 'UK' }];
    const file = join(dataDir, 'broken.json');
    await writeFile(file, JSON.stringify(demo));
    const outcome = await sync(file);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      'LL-R-602: sessions.0.startsAt must be an ISO 8601 date and time',
    );
    expect(outcome.stderr).toContain('1 bad record: nothing was changed.');
    // LL-C-101, left out of the broken file, is still there: the next sync finds it unchanged.
    const after = await sync(DEMO);
    expect(after.stdout).toContain('items: 0 created, 0 updated, 34 unchanged, 0 removed');
  });

  it('explains a file that is not JSON, and a missing argument', async () => {
    const file = join(dataDir, 'not.json');
    await writeFile(file, '{ nope');
    const outcome = await sync(file);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/^export: is not JSON/);
    const usage = await sync();
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run learning:sync -- FILE_OR_URL');
  });
});
