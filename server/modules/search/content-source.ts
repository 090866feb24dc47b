import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';

/**
 * What search reads from the help content, handed in by the composition root (server/app.ts).
 * The content module writes its items into search, so search asking the content module itself
 * would make each depend on the other.
 */
export interface ContentSource {
  /** The ids of the articles a guide lists, section by section; none for an unknown guide. */
  guideArticleIds(db: Kysely<Database>, guideId: string): Promise<string[]>;
  /** First-level topics in catalogue order, each with how many articles and guides it files. */
  topicCounts(db: Kysely<Database>): Promise<{ id: string; filed: number }[]>;
}
