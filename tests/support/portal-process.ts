import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPortal {
  baseUrl: string;
  /** The portal's database, for a test to open beside it (the portal has migrated it by now). */
  databaseUrl: string;
  /** The process's id, for a benchmark to read its memory from /proc. */
  pid: number | undefined;
  /** Everything the process wrote to stderr so far. */
  errors(): string;
  /** Everything the process wrote to stdout so far. */
  output(): string;
  /** Whether the process is still running (it has not exited or been killed). */
  running(): boolean;
  /** How the process ended: its exit code, or the signal that ended it. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the process a signal (SIGTERM to stop it gracefully, SIGKILL to fail it). */
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** A port nothing listens on now, for a portal to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilWorking(
  child: ChildProcess,
  stdout: () => string,
  stderr: () => string,
): Promise<void> {
  // A start migrates and imports first; on a machine busy with other suites that takes a while.
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The worker exited with ${child.exitCode}: ${stderr()}`);
    if (stdout().includes('Running background jobs')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The worker did not start its jobs in 30 s: ${stderr()}`);
}

const HEALTHY_WITHIN_MS = 60_000;

async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  stderr: () => string,
): Promise<void> {
  // A start migrates and imports first; on a machine busy with other suites that takes a while.
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The portal exited with ${child.exitCode}: ${stderr()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The portal did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s: ${stderr()}`,
  );
}

/**
 * The settings of a portal under test, as environment variables: production mode as `npm start`
 * runs it, on 127.0.0.1 at `port`, its database a SQLite file in `dataDir`, and the built-in
 * sign-in on (production keeps it off unless asked; the browser suites sign in with it).
 */
export function portalUnderTestEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${join(dataDir, 'portal.db')}`,
    DATA_DIR: dataDir,
    BUILT_IN_SIGN_IN: 'true',
    // The suites count the events and popular queries they make themselves.
    DEMO_INSIGHT: 'false',
  };
}

export interface StartOptions {
  /** `--role=web` or `--role=worker` (docs/deployment.md); none runs both, like `npm start`. */
  role?: 'web' | 'worker';
  /** A port picked beforehand, for a deployment whose processes name each other. */
  port?: number;
  /** The checkout whose build/ it runs (a benchmark's baseline); this one by default. */
  cwd?: string;
}

/** The built server, as `npm start` runs it, on a free port with a database of its own. */
export async function startPortal(
  env: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<RunningPortal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const settings: NodeJS.ProcessEnv = {
    ...portalUnderTestEnv(port, dataDir),
    LOG_LEVEL: 'warn',
    ...env,
  };
  const databaseUrl = settings.DATABASE_URL ?? '';
  const args = options.role ? [`--role=${options.role}`] : [];
  const child = spawn(process.execPath, ['build/node/server/main.js', ...args], {
    env: { PATH: process.env.PATH, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  if (options.role === 'worker') {
    await waitUntilWorking(
      child,
      () => stdout,
      () => stderr,
    );
  } else {
    await waitUntilHealthy(baseUrl, child, () => stderr);
  }
  return {
    baseUrl,
    databaseUrl,
    pid: child.pid,
    errors: () => stderr,
    output: () => stdout,
    running: () => child.exitCode === null && child.signalCode === null,
    exited: () => exited,
    kill: (signal) => child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
