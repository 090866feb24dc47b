import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SECRET_FILE = 'session-secret';

/**
 * The embedded default keeps a generated secret in the data folder, so sessions survive a
 * restart without anyone having to invent a secret. Production must set SESSION_SECRET.
 */
export async function resolveSessionSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
