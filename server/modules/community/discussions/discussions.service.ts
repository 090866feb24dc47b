import type { Kysely } from 'kysely';
import type {
  ComposeOptions,
  DiscussionDetail,
  DiscussionSummary,
  DiscussionTab,
  PopularTopic,
  PostRevision,
  TabDiscussions,
  TopicDiscussions,
} from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { listProducts, listTopics } from '~server/modules/content';
import { isFollowing } from '../follows/follows.service.ts';
import {
  actorOf,
  paging,
  unlessNotFound,
  type CommunityContext,
} from '../shared/community-context.ts';
import { hideable, isModerator, maySee, requireMember } from '../shared/community.policy.ts';
import { membersById } from '../shared/member-refs.ts';
import { loadDiscussion, loadPost, topicTags } from './discussion-access.ts';
import * as discussions from './discussions.repository.ts';
import { presentDetail, presentRevision, presentSummary } from './discussions.presenters.ts';
import * as posts from './posts.repository.ts';

const MY_DISCUSSIONS_LIMIT = 200;

/** What each community home tab lists: everyone sees the same, hidden discussions left out. */
const TAB_QUERIES: Readonly<
  Record<DiscussionTab, Omit<discussions.DiscussionQuery, 'offset' | 'limit'>>
> = {
  recent: { visibleOnly: true, order: 'activity' },
  unanswered: { visibleOnly: true, unanswered: true, order: 'created' },
  popular: { visibleOnly: true, order: 'popular' },
};

/** The list entries of these discussions, with their question, author, topics and product. */
async function summariesOf(
  db: Kysely<Database>,
  rows: readonly discussions.DiscussionRow[],
): Promise<DiscussionSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [questions, topicLinks, topics, products, member] = await Promise.all([
    posts.findPosts(db, ids),
    discussions.listDiscussionTopicIds(db, ids),
    listTopics(db),
    listProducts(db),
    membersById(
      db,
      rows.map((row) => row.author_id),
    ),
  ]);
  const questionOf = new Map(questions.map((post) => [post.id, post]));
  return rows.map((row) => {
    const product = products.find((candidate) => candidate.key === row.product);
    return presentSummary(row, {
      question: questionOf.get(row.id),
      author: member(row.author_id),
      topics: topicTags(
        topicLinks.filter((link) => link.discussion_id === row.id),
        topics,
      ),
      product: product ? { key: product.key, name: product.name } : null,
    });
  });
}

/** The first discussions of a community home tab. */
export async function listTabPreview(
  context: CommunityContext,
  tab: DiscussionTab,
  limit: number,
): Promise<DiscussionSummary[]> {
  const rows = await discussions.listDiscussions(context.db, { ...TAB_QUERIES[tab], limit });
  return summariesOf(context.db, rows);
}

/** One page of a community home tab's discussions, and how many the tab has in all. */
export async function listTabDiscussions(
  context: CommunityContext,
  tab: DiscussionTab,
  options?: { offset?: number; limit?: number },
): Promise<TabDiscussions> {
  const { offset, limit } = paging(options);
  const query = { ...TAB_QUERIES[tab], limit };
  const [rows, total] = await Promise.all([
    discussions.listDiscussions(context.db, { ...query, offset }),
    discussions.countDiscussions(context.db, query),
  ]);
  return { tab, discussions: await summariesOf(context.db, rows), total };
}

/** The topics with the most visible discussions, most first. */
export async function listPopularTopics(
  db: Kysely<Database>,
  limit: number,
): Promise<PopularTopic[]> {
  const [counts, topics] = await Promise.all([
    discussions.countVisibleDiscussionsByTopic(db),
    listTopics(db),
  ]);
  const topicOf = new Map(topics.map((topic) => [topic.id, topic]));
  return counts
    .flatMap(({ topic_id, count }) => {
      const topic = topicOf.get(topic_id);
      return topic ? [{ id: topic.id, name: topic.name, discussionCount: count }] : [];
    })
    .sort((a, b) => b.discussionCount - a.discussionCount || a.name.localeCompare(b.name))
    .slice(0, limit);
}

export async function getDiscussion(
  context: CommunityContext,
  id: string,
): Promise<DiscussionDetail | undefined> {
  const { db, siteUrl } = context;
  const user = actorOf(context);
  const loaded = await unlessNotFound(() => loadDiscussion(db, user, id));
  if (!loaded) return undefined;
  const { discussion, state } = loaded;
  const visible = (await posts.listPostsOfDiscussion(db, discussion.id)).filter((post) =>
    maySee(user, hideable(post)),
  );
  const question = visible.find((post) => post.id === discussion.id);
  if (!question) return undefined;
  const postIds = visible.map((post) => post.id);
  const [[summary], member, voted, revisions, followed] = await Promise.all([
    summariesOf(db, [discussion]),
    membersById(
      db,
      visible.map((post) => post.author_id),
    ),
    user ? posts.listVotedPosts(db, user.id, postIds) : Promise.resolve(new Set<string>()),
    posts.countRevisions(db, postIds),
    user ? isFollowing(db, user.id, 'discussion', discussion.id) : Promise.resolve(false),
  ]);
  if (!summary) return undefined;
  return presentDetail(discussion, summary, question, visible, {
    user,
    siteUrl,
    state,
    member,
    voted,
    revisions,
    followed,
  });
}

export async function getPostHistory(
  context: CommunityContext,
  postId: string,
): Promise<PostRevision[] | undefined> {
  const { db, siteUrl } = context;
  return unlessNotFound(async () => {
    const { post } = await loadPost(db, actorOf(context), postId);
    const revisions = await posts.listRevisions(db, post.id);
    const member = await membersById(
      db,
      revisions.map((revision) => revision.edited_by),
    );
    return revisions.map((revision) => presentRevision(revision, member, siteUrl));
  });
}

export async function listTopicDiscussions(
  context: CommunityContext,
  topicId: string,
  options?: { offset?: number; limit?: number },
): Promise<TopicDiscussions | undefined> {
  const { db } = context;
  const user = actorOf(context);
  const topics = await listTopics(db);
  const topic = topics.find((candidate) => candidate.id === topicId);
  if (!topic) return undefined;
  const parent = topics.find((candidate) => candidate.id === topic.parentId);
  const topicIds = [topic.id, ...topics.filter((t) => t.parentId === topic.id).map((t) => t.id)];
  const { offset, limit } = paging(options);
  const query = { visibleOnly: !isModerator(user), topicIds, order: 'activity' as const };
  const [rows, total, followed] = await Promise.all([
    discussions.listDiscussions(db, { ...query, offset, limit }),
    discussions.countDiscussions(db, { ...query, limit }),
    user ? isFollowing(db, user.id, 'topic', topic.id) : Promise.resolve(false),
  ]);
  return {
    topic: {
      id: topic.id,
      name: topic.name,
      description: topic.description,
      parent: parent ? { id: parent.id, name: parent.name } : null,
    },
    discussions: await summariesOf(db, rows),
    total,
    followedByViewer: followed,
  };
}

export async function listMyDiscussions(context: CommunityContext): Promise<DiscussionSummary[]> {
  const user = requireMember(context.viewer);
  const rows = await discussions.listDiscussions(context.db, {
    visibleOnly: false,
    involving: user.id,
    order: 'activity',
    limit: MY_DISCUSSIONS_LIMIT,
  });
  return summariesOf(
    context.db,
    rows.filter((row) => maySee(user, hideable(row))),
  );
}

export async function getComposeOptions(context: CommunityContext): Promise<ComposeOptions> {
  const [topics, products] = await Promise.all([listTopics(context.db), listProducts(context.db)]);
  const byId = new Map(topics.map((topic) => [topic.id, topic]));
  return {
    topics: topics.map((topic) => {
      const parent = topic.parentId ? byId.get(topic.parentId) : undefined;
      return {
        id: topic.id,
        name: topic.name,
        parent: parent ? { id: parent.id, name: parent.name } : null,
      };
    }),
    products,
  };
}
