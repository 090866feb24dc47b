import type { Insertable, Kysely } from 'kysely';
import { fullName } from '~core/ui';
import { excerptOf } from '~core/community';
import { ideaPath, createRouteContract } from '~core/routes';
import { DISCUSSION_CONTENT_TYPE, DISCUSSION_OBJECT_TYPE } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import {
  deleteSearchDocument,
  upsertSearchDocument,
} from '~server/modules/search/search-documents.repository.ts';
import type { SearchDocumentTable } from '~server/modules/search/search-documents.tables.ts';
import * as repository from './community.repository.ts';
import { UNUSED_SEARCH_FIELDS } from '~server/modules/search/unused-search-fields.ts';

/** The search documents this module owns carry this origin. */
export const COMMUNITY_SEARCH_ORIGIN = 'community';
const SYSSOURCE = 'Community';
export const IDEA_OBJECT_TYPE = 'Idea';
export const IDEA_CONTENT_TYPE = 'ProductIdea';

// Only page keys are used here, whose paths do not depend on the product name.
const contract = createRouteContract({ product: 'community', siteUrl: '', log: () => {} });

export function discussionPath(id: string): string {
  return contract.path('discussion', { id }) ?? `/s/question/${id}`;
}

type Document = Insertable<SearchDocumentTable>;

function baseDocument(
  id: string,
  objecttype: string,
  objecttypelabel: string,
  contentType: string,
): Document {
  return {
    ...UNUSED_SEARCH_FIELDS,
    unique_id: id,
    origin: COMMUNITY_SEARCH_ORIGIN,
    title: '',
    excerpt: '',
    body_text: '',
    click_uri: '',
    objecttype,
    objecttypelabel,
    common_contenttype: contentType,
    syssource: SYSSOURCE,
    source: SYSSOURCE,
    collection: 'default',
    documenttype: objecttype,
    language: 'en',
    permanentid: id,
    updated_at: '',
  };
}

async function authorName(db: Kysely<Database>, id: string): Promise<string> {
  const [member] = await repository.findMembers(db, [id]);
  return member ? fullName(member.first_name, member.last_name) : '';
}

/**
 * Writes (or removes, when hidden) the search document of one discussion, from its rows as they
 * are now. Callers pass the transaction of the write that changed it. The document is the
 * question (spec 3 raw fields: sffeeditemid, sfbestcommentid, sfcommentcount = answers,
 * coveochatterfeedtopics = topic names); the answers' text is indexed with it, so a search for
 * words of an answer finds the discussion that holds it.
 */
export async function indexDiscussion(
  db: Kysely<Database>,
  discussionId: string,
  now: string,
): Promise<void> {
  const discussion = await repository.findDiscussion(db, discussionId);
  if (!discussion || discussion.hidden === 1) {
    await deleteSearchDocument(db, discussionId);
    return;
  }
  const posts = await repository.listPostsOfDiscussion(db, discussionId);
  const question = posts.find((post) => post.id === discussionId);
  const answers = posts.filter((post) => post.kind === 'answer' && post.hidden === 0);
  const topics = await repository.listDiscussionTopics(db, [discussionId]);
  const allTopics = await repository.listTopics(db);
  const parentOf = new Map(allTopics.map((topic) => [topic.id, topic.parent_id]));
  const firstLevel = (id: string) => parentOf.get(id) ?? id;
  const firstTopic = topics[0];
  const firstLevelTopic = firstTopic
    ? allTopics.find((topic) => topic.id === firstLevel(firstTopic.id))
    : undefined;
  const products = await repository.listProducts(db);
  const product = products.find((candidate) => candidate.key === discussion.product);
  const name = await authorName(db, discussion.author_id);
  const questionText = question?.body_text ?? '';
  await upsertSearchDocument(db, {
    ...baseDocument(discussionId, DISCUSSION_OBJECT_TYPE, 'Feed Item', DISCUSSION_CONTENT_TYPE),
    title: discussion.title,
    excerpt: excerptOf(questionText, 300),
    body_text: [questionText, ...answers.map((answer) => answer.body_text)].join('\n'),
    click_uri: discussionPath(discussionId),
    author: name,
    sfcreatedbyname: name,
    sfcreateddate: discussion.created_at,
    sfcoreproductc: JSON.stringify(product ? [product.name] : []),
    sftopicid: firstTopic?.id ?? null,
    sftopicfirstlevelc: firstLevelTopic?.name ?? null,
    topic_ids: JSON.stringify([
      ...new Set(topics.flatMap((topic) => [topic.id, firstLevel(topic.id)])),
    ]),
    sffeeditemid: discussionId,
    sfbestcommentid: discussion.best_answer_id,
    sfcommentcount: answers.length,
    coveochatterfeedtopics: JSON.stringify(topics.map((topic) => topic.name)),
    updated_at: now,
  });
}

/** Writes (or removes, when hidden) the search document of one product idea. */
export async function indexIdea(db: Kysely<Database>, ideaId: string, now: string): Promise<void> {
  const idea = await repository.findIdea(db, ideaId);
  if (!idea || idea.hidden === 1) {
    await deleteSearchDocument(db, ideaId);
    return;
  }
  const name = await authorName(db, idea.author_id);
  await upsertSearchDocument(db, {
    ...baseDocument(ideaId, IDEA_OBJECT_TYPE, IDEA_CONTENT_TYPE, IDEA_CONTENT_TYPE),
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
