import type { Kysely } from 'kysely';
import { excerptOf } from '~core/community';
import { ideaPath } from '~core/routes';
import type { Database } from '~server/db/schema.ts';
import { removeSearchDocument, saveSearchDocument } from '~server/modules/search';
import { authorName, communityDocument } from '../shared/community-search.ts';
import * as repository from './ideas.repository.ts';

const IDEA_OBJECT_TYPE = 'Idea';
const IDEA_CONTENT_TYPE = 'ProductIdea';

/** Writes (or removes, when hidden) the search document of one product idea. */
export async function indexIdea(db: Kysely<Database>, ideaId: string, now: string): Promise<void> {
  const idea = await repository.findIdea(db, ideaId);
  if (!idea || idea.hidden === 1) {
    await removeSearchDocument(db, ideaId);
    return;
  }
  const name = await authorName(db, idea.author_id);
  await saveSearchDocument(db, {
    ...communityDocument(ideaId, IDEA_OBJECT_TYPE, IDEA_CONTENT_TYPE, IDEA_CONTENT_TYPE),
    title: idea.title,
    excerpt: excerptOf(idea.body_text, 300),
    body_text: idea.body_text,
    click_uri: ideaPath(ideaId),
    author: name,
    sfcreatedbyname: name,
    sfcreateddate: idea.created_at,
    updated_at: now,
  });
}
