import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSearchProvider, type SearchProviderName } from '~core/search';
import type { PortalConfig } from './config.ts';
import type { PortalDatabase } from './db/database.ts';
import { pendingMigrations } from './db/migrate.ts';
import { countJobs, type JobState } from './modules/jobs';
import { countOutbox } from './modules/mail';
import { countSearchDocuments } from './modules/search';

/** What the admins' status page (`/test`) shows of the portal's parts. */
export interface PortalStatus {
  version: string;
  node: string;
  startedAt: string;
  database: { dialect: string; pendingMigrations: string[] };
  search: { provider: SearchProviderName; documents: number };
  jobs: Partial<Record<JobState, number>>;
  mail: { transport: 'smtp' | 'local mailbox'; waiting: number; sent: number; failed: number };
}

// Read once: the version of the build this process runs, from the package it was installed as.
function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The status of each part, read now; a part whose database read fails fails the whole page. */
export function portalStatusReader(
  database: PortalDatabase,
  config: Pick<PortalConfig, 'searchProvider' | 'mail'>,
): () => Promise<PortalStatus> {
  const version = packageVersion();
  const startedAt = new Date().toISOString();
  return async () => {
    const [pending, documents, jobs, outbox] = await Promise.all([
      pendingMigrations(database),
      countSearchDocuments(database.db),
      countJobs(database),
      countOutbox(database.db),
    ]);
    return {
      version,
      node: process.version,
      startedAt,
      database: { dialect: database.dialect, pendingMigrations: pending },
      search: {
        provider: config.searchProvider ?? defaultSearchProvider(database.dialect),
        documents,
      },
      jobs,
      mail: { transport: config.mail.smtpUrl ? 'smtp' : 'local mailbox', ...outbox },
    };
  };
}
