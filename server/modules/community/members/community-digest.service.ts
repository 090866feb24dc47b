import type { Kysely } from 'kysely';
import { DIGEST_PERIOD_MS, DIGEST_SECTION_SIZE, type CommunityDigest } from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { discussionPath } from '../shared/community-paths.ts';
import { listDigestDiscussions } from './community-digest.repository.ts';

/** What the weekly digest sent at `now` lists: the seven days before it. */
export async function communityDigestOf(
  db: Kysely<Database>,
  siteUrl: string,
  now: Date,
): Promise<CommunityDigest> {
  const since = new Date(now.getTime() - DIGEST_PERIOD_MS).toISOString();
  const rows = await listDigestDiscussions(db, since, DIGEST_SECTION_SIZE);
  const item = (row: { id: string; title: string; answer_count: number }) => ({
    title: row.title,
    url: `${siteUrl}${discussionPath(row.id)}`,
    answers: Number(row.answer_count),
  });
  return { popular: rows.popular.map(item), unanswered: rows.unanswered.map(item) };
}
