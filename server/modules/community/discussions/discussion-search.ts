import type { Kysely } from 'kysely';
import { excerptOf } from '~core/community';
import { DISCUSSION_CONTENT_TYPE, DISCUSSION_OBJECT_TYPE } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import { listProducts, listTopics } from '~server/modules/content';
import { removeSearchDocument, saveSearchDocument } from '~server/modules/search';
import { discussionPath } from '../shared/community-paths.ts';
import { authorName, communityDocument } from '../shared/community-search.ts';
import * as discussions from './discussions.repository.ts';
import * as posts from './posts.repository.ts';

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
  const discussion = await discussions.findDiscussion(db, discussionId);
  if (!discussion || discussion.hidden === 1) {
    await removeSearchDocument(db, discussionId);
    return;
  }
  const discussionPosts = await posts.listPostsOfDiscussion(db, discussionId);
  const question = discussionPosts.find((post) => post.id === discussionId);
  const answers = discussionPosts.filter((post) => post.kind === 'answer' && post.hidden === 0);
  const allTopics = await listTopics(db);
  const topicById = new Map(allTopics.map((topic) => [topic.id, topic]));
  const topics = (await discussions.listDiscussionTopicIds(db, [discussionId]))
    .map((link) => topicById.get(link.topic_id))
    .filter((topic) => topic !== undefined);
  const firstLevel = (id: string) => topicById.get(id)?.parentId ?? id;
  const firstTopic = topics[0];
  const firstLevelTopic = firstTopic ? topicById.get(firstLevel(firstTopic.id)) : undefined;
  const products = await listProducts(db);
  const product = products.find((candidate) => candidate.key === discussion.product);
  const name = await authorName(db, discussion.author_id);
  const questionText = question?.body_text ?? '';
  await saveSearchDocument(db, {
    ...communityDocument(
      discussionId,
      DISCUSSION_OBJECT_TYPE,
      'Feed Item',
      DISCUSSION_CONTENT_TYPE,
    ),
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
