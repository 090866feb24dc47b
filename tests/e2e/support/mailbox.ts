// The local mailbox a test portal's outbox delivers to (docs/mail.md): one file a message in
// {dataDir}/mail/new, read as the raw RFC 5322 text the portal sent.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every message in the portal's mailbox whose To header names `to`. */
export async function mailTo(dataDir: string, to: string): Promise<string[]> {
  const folder = join(dataDir, 'mail', 'new');
  const names = await readdir(folder).catch(() => [] as string[]);
  const messages = await Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')));
  return messages.filter((message) => new RegExp(`^To: .*${to}`, 'im').test(message));
}

/** The first message to `to` holding `containing`, waited for while the outbox delivers. */
export async function waitForMail(
  dataDir: string,
  to: string,
  containing: string,
): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const found = (await mailTo(dataDir, to)).find((message) => message.includes(containing));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to} with ${containing}`);
}

/** A header's value in a raw message, or '' when it has none. */
export function mailHeader(mail: string, name: string): string {
  return new RegExp(`^${name}: (.+)$`, 'im').exec(mail)?.[1]?.trim() ?? '';
}
