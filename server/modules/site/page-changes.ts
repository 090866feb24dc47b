import { randomUUID } from 'node:crypto';
import type { PortalDatabase } from '~server/db/database.ts';
import type { NoticeListener } from '~server/db/notice-channel.ts';

/**
 * "What guests' pages show has changed": told by whatever changes content (a page action, the
 * learning webhook, a sync or an import), heard by every process's guest page cache. On
 * PostgreSQL it crosses processes as a notice; on SQLite the portal is one process.
 */
export interface PageChanges {
  /** Tells this process's listeners at once, and other processes' as soon as the notice is sent. */
  announce(): Promise<void>;
  subscribe(listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'page_changes';

export function openPageChanges(
  database: PortalDatabase,
  log: (message: string) => void = () => {},
): PageChanges {
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  const notices = database.notices;
  // A process hears its own notices too; it has already told its own listeners.
  const self = randomUUID();
  let listening: NoticeListener | undefined;
  return {
    async announce() {
      tell();
      try {
        await notices?.notify(CHANNEL, self);
      } catch (error) {
        // Other processes then serve their kept pages until those are due anyway (seconds).
        log(`A page change could not be told to other processes: ${(error as Error).message}`);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      listening ??= notices?.listen(CHANNEL, {
        notice: (from) => {
          if (from !== self) tell();
        },
        // Notices sent while the connection was down are lost: assume content changed meanwhile.
        reconnected: tell,
        failed: (error) => log(`Page change notices: ${error.message}`),
      });
    },
    close: async () => listening?.close(),
  };
}
