import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { IDEA_STATUSES } from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { stableRecordId } from '~server/db/ids.ts';
import { listTopics } from '~server/modules/content';
import { demoAccount, findUserBySubject, NO_USER_DATA, saveUser } from '~server/modules/identity';
import { newPost } from '../discussions/discussion-posting.service.ts';
import { indexDiscussion } from '../discussions/discussion-search.ts';
import * as discussions from '../discussions/discussions.repository.ts';
import * as posts from '../discussions/posts.repository.ts';
import { follow } from '../follows/follows.service.ts';
import { indexIdea } from '../ideas/idea-search.ts';
import * as ideas from '../ideas/ideas.repository.ts';
import * as members from '../members/members.repository.ts';
import { acceptUserText } from '../shared/community-text.ts';

/*
 * The community's demo content (content/community, docs/community.md): members, discussions
 * with answers and comments, and product ideas. Times are written as days and hours before
 * the load, so a fresh site always looks lived in.
 */

const text = z.string().trim().min(1);
const memberKey = z.string().regex(/^[a-z][a-z0-9-]*$/);

const memberSchema = z.object({
  key: memberKey,
  subject: z.string().min(1),
  firstName: text,
  lastName: text,
  about: z.string().default(''),
});

const commentSchema = z.object({ author: memberKey, hoursLater: z.number().min(0), body: text });

const answerSchema = z.object({
  author: memberKey,
  hoursLater: z.number().min(0),
  body: text,
  best: z.boolean().default(false),
  upvoters: z.array(memberKey).default([]),
  comments: z.array(commentSchema).default([]),
});

const discussionSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().trim().min(10).max(200),
  author: memberKey,
  topics: z.array(z.string()).min(1),
  product: z.string().optional(),
  daysAgo: z.number().min(0),
  body: text,
  upvoters: z.array(memberKey).default([]),
  comments: z.array(commentSchema).default([]),
  answers: z.array(answerSchema).default([]),
});

const ideaSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().trim().min(10).max(200),
  author: memberKey,
  daysAgo: z.number().min(0),
  status: z.enum(IDEA_STATUSES),
  body: text,
  voters: z.array(memberKey).default([]),
  comments: z.array(commentSchema).default([]),
});

export type DemoMember = z.output<typeof memberSchema>;
export type DemoDiscussion = z.output<typeof discussionSchema>;
export type DemoIdea = z.output<typeof ideaSchema>;

export interface CommunityDemo {
  members: DemoMember[];
  discussions: DemoDiscussion[];
  ideas: DemoIdea[];
}

async function readYaml(path: string): Promise<unknown> {
  return parseYaml(await readFile(path, 'utf8')) as unknown;
}

function parseList<T extends z.ZodType>(schema: T, value: unknown, path: string): z.output<T>[] {
  const result = z.array(schema).safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is not valid'}`);
  }
  return result.data;
}

/** Reads content/community: members.yaml, ideas.yaml and discussions/*.yaml. */
export async function readCommunityDemo(directory: string): Promise<CommunityDemo> {
  const members = parseList(
    memberSchema,
    await readYaml(join(directory, 'members.yaml')),
    'members.yaml',
  );
  const ideas = parseList(ideaSchema, await readYaml(join(directory, 'ideas.yaml')), 'ideas.yaml');
  const discussions: DemoDiscussion[] = [];
  const files = (await readdir(join(directory, 'discussions'))).filter((f) => f.endsWith('.yaml'));
  for (const file of files.sort()) {
    const path = join(directory, 'discussions', file);
    discussions.push(...parseList(discussionSchema, await readYaml(path), `discussions/${file}`));
  }
  return { members, discussions, ideas };
}

/** What is wrong with the demo: unknown members or topics, repeated slugs, several best answers. */
export function demoProblems(demo: CommunityDemo, topicSlugs: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const members = new Set(demo.members.map((member) => member.key));
  const person = (key: string, where: string) => {
    if (!members.has(key)) problems.push(`${where}: unknown member "${key}"`);
  };
  const slugs = new Set<string>();
  for (const item of [...demo.discussions, ...demo.ideas]) {
    if (slugs.has(item.slug)) problems.push(`${item.slug}: slug used twice`);
    slugs.add(item.slug);
  }
  for (const discussion of demo.discussions) {
    const where = discussion.slug;
    person(discussion.author, where);
    discussion.upvoters.forEach((key) => person(key, where));
    for (const topic of discussion.topics) {
      if (!topicSlugs.has(topic)) problems.push(`${where}: unknown topic "${topic}"`);
    }
    if (discussion.answers.filter((answer) => answer.best).length > 1) {
      problems.push(`${where}: more than one best answer`);
    }
    for (const answer of discussion.answers) {
      person(answer.author, where);
      answer.upvoters.forEach((key) => person(key, where));
      if (answer.upvoters.includes(answer.author)) problems.push(`${where}: upvotes own answer`);
      answer.comments.forEach((comment) => person(comment.author, where));
    }
    discussion.comments.forEach((comment) => person(comment.author, where));
  }
  for (const idea of demo.ideas) {
    person(idea.author, idea.slug);
    idea.voters.forEach((key) => person(key, idea.slug));
    idea.comments.forEach((comment) => person(comment.author, idea.slug));
  }
  return problems;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const demoIds = {
  discussion: (slug: string) => stableRecordId('discussion', slug),
  post: (key: string) => stableRecordId('communityPost', key),
  idea: (slug: string) => stableRecordId('idea', slug),
  ideaComment: (key: string) => stableRecordId('ideaComment', key),
};

/**
 * Writes the demo in one transaction: members (demo accounts keep their own data), then each
 * discussion with its posts, votes, follows and search document, then the ideas.
 */
export async function loadCommunityDemo(
  db: Kysely<Database>,
  demo: CommunityDemo,
  options: { issuer: string; now: Date },
): Promise<{ discussions: number; answers: number; ideas: number }> {
  const at = (daysAgo: number, hoursLater = 0) =>
    new Date(options.now.getTime() - daysAgo * DAY + hoursLater * HOUR).toISOString();
  return db.transaction().execute(async (trx) => {
    const userIds = new Map<string, string>();
    for (const member of demo.members) {
      const existing = await findUserBySubject(trx, options.issuer, member.subject);
      const user =
        existing ??
        (await saveUser(
          trx,
          {
            issuer: options.issuer,
            subject: member.subject,
            email: `${member.subject}@example.com`,
            firstName: member.firstName,
            lastName: member.lastName,
          },
          demoAccount(member.subject)?.data ?? NO_USER_DATA,
        ));
      userIds.set(member.key, user.id);
      if (member.about) {
        await members.saveProfileAbout(trx, user.id, member.about.trim(), at(0));
      }
    }
    const id = (key: string) => userIds.get(key) ?? '';
    const followAs = (userKey: string, discussionId: string, when: string) =>
      follow(trx, id(userKey), 'discussion', discussionId, new Date(when));
    const topicIds = new Map((await listTopics(trx)).map((topic) => [topic.slug, topic.id]));
    let answers = 0;
    for (const discussion of demo.discussions) {
      const discussionId = demoIds.discussion(discussion.slug);
      const asked = at(discussion.daysAgo);
      const times: string[] = [asked];
      const question = acceptUserText(discussion.body);
      await discussions.insertDiscussion(
        trx,
        {
          id: discussionId,
          title: discussion.title,
          product: discussion.product ?? null,
          author_id: id(discussion.author),
          created_at: asked,
          last_activity_at: asked,
          best_answer_id: null,
          best_answer_at: null,
          answer_count: discussion.answers.length,
          locked: 0,
          hidden: 0,
        },
        discussion.topics.map((slug) => topicIds.get(slug) ?? ''),
      );
      await posts.insertPost(
        trx,
        newPost(
          discussionId,
          discussionId,
          'question',
          null,
          id(discussion.author),
          question,
          asked,
        ),
      );
      await followAs(discussion.author, discussionId, asked);
      const writeComments = async (
        comments: DemoDiscussion['comments'],
        parentId: string,
        key: string,
      ) => {
        for (const [index, comment] of comments.entries()) {
          const body = acceptUserText(comment.body);
          const when = at(discussion.daysAgo, comment.hoursLater);
          times.push(when);
          const commentId = demoIds.post(`${key}/comment/${index}`);
          await posts.insertPost(
            trx,
            newPost(commentId, discussionId, 'comment', parentId, id(comment.author), body, when),
          );
        }
      };
      const vote = async (postId: string, voters: readonly string[], when: string) => {
        for (const voter of voters) {
          if (await posts.insertVote(trx, postId, id(voter), when)) {
            await posts.addToUpvoteCount(trx, postId);
          }
        }
      };
      await vote(discussionId, discussion.upvoters, asked);
      await writeComments(discussion.comments, discussionId, discussion.slug);
      for (const [index, answer] of discussion.answers.entries()) {
        const answerId = demoIds.post(`${discussion.slug}/answer/${index}`);
        const when = at(discussion.daysAgo, answer.hoursLater);
        const body = acceptUserText(answer.body);
        times.push(when);
        await posts.insertPost(
          trx,
          newPost(answerId, discussionId, 'answer', discussionId, id(answer.author), body, when),
        );
        await followAs(answer.author, discussionId, when);
        await vote(answerId, answer.upvoters, when);
        await writeComments(answer.comments, answerId, `${discussion.slug}/answer/${index}`);
        if (answer.best) {
          const chosen = at(discussion.daysAgo, answer.hoursLater + 2);
          times.push(chosen);
          await discussions.updateDiscussion(trx, discussionId, {
            best_answer_id: answerId,
            best_answer_at: chosen,
          });
        }
        answers += 1;
      }
      const lastActivity = times.sort().at(-1) ?? asked;
      await discussions.updateDiscussion(trx, discussionId, { last_activity_at: lastActivity });
      await indexDiscussion(trx, discussionId, lastActivity);
    }
    for (const idea of demo.ideas) {
      const ideaId = demoIds.idea(idea.slug);
      const proposed = at(idea.daysAgo);
      const body = acceptUserText(idea.body);
      await ideas.insertIdea(trx, {
        id: ideaId,
        title: idea.title,
        body: body.body,
        body_text: body.bodyText,
        author_id: id(idea.author),
        status: idea.status,
        status_changed_at: idea.status === 'new' ? null : at(idea.daysAgo / 2),
        vote_count: 0,
        comment_count: 0,
        created_at: proposed,
        hidden: 0,
      });
      for (const voter of idea.voters) {
        if (await ideas.insertIdeaVote(trx, ideaId, id(voter), proposed)) {
          await ideas.addToIdeaCounts(trx, ideaId, { votes: 1 });
        }
      }
      for (const [index, comment] of idea.comments.entries()) {
        const commentBody = acceptUserText(comment.body);
        await ideas.insertIdeaComment(trx, {
          id: demoIds.ideaComment(`${idea.slug}/comment/${index}`),
          idea_id: ideaId,
          author_id: id(comment.author),
          body: commentBody.body,
          body_text: commentBody.bodyText,
          created_at: at(idea.daysAgo, comment.hoursLater),
          hidden: 0,
        });
        await ideas.addToIdeaCounts(trx, ideaId, { comments: 1 });
      }
      await indexIdea(trx, ideaId, proposed);
    }
    return { discussions: demo.discussions.length, answers, ideas: demo.ideas.length };
  });
}
