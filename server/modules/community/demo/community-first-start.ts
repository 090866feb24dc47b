import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { PortalConfig } from '~server/config.ts';
import type { Database } from '~server/db/schema.ts';
import { listTopics } from '~server/modules/content';
import { builtInIssuer } from '~server/modules/identity';
import { hasDiscussions } from '../discussions/discussions.repository.ts';
import { demoProblems, loadCommunityDemo, readCommunityDemo } from './community-demo.ts';

export interface FirstStartLog {
  info(line: string): void;
  error(line: string): void;
}

/**
 * Like the help content, the community starts with the demo discussions and ideas of
 * CONTENT_DIR/community when it has none yet. It needs the help topics, so it runs after the
 * content import; a folder with problems is logged and skipped, so the portal still starts.
 */
export async function importCommunityOnFirstStart(
  db: Kysely<Database>,
  config: Pick<PortalConfig, 'contentDir' | 'siteUrl'>,
  log: FirstStartLog,
): Promise<void> {
  if (await hasDiscussions(db)) return;
  const directory = join(config.contentDir, 'community');
  if (!existsSync(directory)) {
    log.info(`No community demo content loaded: there is no folder at ${directory}`);
    return;
  }
  const demo = await readCommunityDemo(directory);
  const topics = await listTopics(db);
  const problems = demoProblems(demo, new Set(topics.map((topic) => topic.slug)));
  if (problems.length > 0) {
    for (const problem of problems) log.error(`Community demo content: ${problem}`);
    return;
  }
  try {
    const counts = await loadCommunityDemo(db, demo, {
      issuer: builtInIssuer(config.siteUrl),
      now: new Date(),
    });
    log.info(
      `Loaded the community demo content: ${counts.discussions} discussions, ${counts.answers} answers, ${counts.ideas} ideas`,
    );
  } catch (error) {
    // Several processes starting together: one loads, the others find its discussions.
    if (await hasDiscussions(db)) return;
    throw error;
  }
}
