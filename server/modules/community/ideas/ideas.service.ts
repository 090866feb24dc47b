import type { Kysely } from 'kysely';
import {
  commentInput,
  ideaInput,
  isIdeaStatus,
  type ActivityItem,
  type CommentInput,
  type IdeaDetail,
  type IdeaInput,
  type IdeaStatus,
  type IdeaSummary,
} from '~core/community';
import { isRecordId } from '~core/records';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { checkBannedWords } from '../moderation/banned-words.ts';
import { logModerationAction } from '../moderation/moderation-log.ts';
import {
  actorOf,
  MAX_PAGE,
  notFound,
  nowOf,
  parse,
  unlessNotFound,
  type CommunityContext,
} from '../shared/community-context.ts';
import { CommunityError } from '../shared/community-error.ts';
import { acceptUserText } from '../shared/community-text.ts';
import {
  hideable,
  isModerator,
  maySee,
  requireMember,
  requireModerator,
  type Actor,
} from '../shared/community.policy.ts';
import { membersById } from '../shared/member-refs.ts';
import { once } from '../shared/posting-guard.ts';
import { indexIdea } from './idea-search.ts';
import * as repository from './ideas.repository.ts';
import {
  presentIdeaActivity,
  presentIdeaCommentActivity,
  presentIdeaDetail,
  presentIdeaSummary,
} from './ideas.presenters.ts';

async function ideaSummaries(
  db: Kysely<Database>,
  user: Actor,
  rows: readonly repository.IdeaRow[],
): Promise<IdeaSummary[]> {
  const [member, voted] = await Promise.all([
    membersById(
      db,
      rows.map((row) => row.author_id),
    ),
    user
      ? repository.listIdeaVotesOf(
          db,
          user.id,
          rows.map((row) => row.id),
        )
      : Promise.resolve(new Set<string>()),
  ]);
  return rows.map((row) => presentIdeaSummary(row, member(row.author_id), voted.has(row.id)));
}

function invalidStatus(): CommunityError {
  return new CommunityError('INVALID_INPUT', 'Choose a status from the list.', 'status');
}

export async function listIdeas(
  context: CommunityContext,
  options?: { status?: IdeaStatus; sort?: 'votes' | 'newest' },
): Promise<IdeaSummary[]> {
  const user = actorOf(context);
  if (options?.status !== undefined && !isIdeaStatus(options.status)) throw invalidStatus();
  const rows = await repository.listIdeas(context.db, {
    visibleOnly: !isModerator(user),
    ...(options?.status ? { status: options.status } : {}),
    sort: options?.sort ?? 'votes',
    limit: MAX_PAGE,
  });
  return ideaSummaries(context.db, user, rows);
}

/** An idea as `user` may see it: a missing or hidden one is NOT_FOUND. */
export async function loadIdea(
  db: Kysely<Database>,
  user: Actor,
  id: string,
): Promise<repository.IdeaRow> {
  const idea = isRecordId(id) ? await repository.findIdea(db, id) : undefined;
  if (!idea || !maySee(user, hideable(idea))) throw notFound('idea');
  return idea;
}

/** A comment on an idea and its idea, as `user` may see the comment. */
export async function loadIdeaComment(db: Kysely<Database>, user: Actor, id: string) {
  const comment = await repository.findIdeaComment(db, id);
  const idea = comment ? await repository.findIdea(db, comment.idea_id) : undefined;
  if (!comment || !idea || !maySee(user, hideable(comment))) throw notFound('comment');
  return { comment, idea };
}

export async function getIdea(
  context: CommunityContext,
  id: string,
): Promise<IdeaDetail | undefined> {
  const { db, siteUrl } = context;
  const user = actorOf(context);
  const idea = await unlessNotFound(() => loadIdea(db, user, id));
  if (!idea) return undefined;
  const [[summary], comments] = await Promise.all([
    ideaSummaries(db, user, [idea]),
    repository.listIdeaComments(db, idea.id),
  ]);
  if (!summary) return undefined;
  const visible = comments.filter((comment) => maySee(user, hideable(comment)));
  const member = await membersById(
    db,
    visible.map((comment) => comment.author_id),
  );
  return presentIdeaDetail(idea, summary, visible, { user, siteUrl, member });
}

export async function proposeIdea(
  context: CommunityContext,
  input: IdeaInput,
): Promise<{ id: string }> {
  const user = requireMember(context.viewer);
  const values = parse(ideaInput, input);
  await checkBannedWords({ title: values.title, body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('idea');
  const result = await context.db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, 'idea', id, now, async () => {
      await repository.insertIdea(trx, {
        id,
        title: values.title,
        body: text.body,
        body_text: text.bodyText,
        author_id: user.id,
        status: 'new',
        status_changed_at: null,
        vote_count: 0,
        comment_count: 0,
        created_at: at,
        hidden: 0,
      });
      await indexIdea(trx, id, at);
    }),
  );
  return { id: result.id };
}

export async function voteForIdea(
  context: CommunityContext,
  ideaId: string,
): Promise<{ voteCount: number }> {
  const user = requireMember(context.viewer);
  const { db } = context;
  const idea = await loadIdea(db, user, ideaId);
  const at = nowOf(context).toISOString();
  return db.transaction().execute(async (trx) => {
    const added = await repository.insertIdeaVote(trx, idea.id, user.id, at);
    if (!added) return { voteCount: idea.vote_count };
    await repository.addToIdeaCounts(trx, idea.id, { votes: 1 });
    return { voteCount: idea.vote_count + 1 };
  });
}

export async function setIdeaStatus(
  context: CommunityContext,
  ideaId: string,
  status: IdeaStatus,
): Promise<void> {
  const user = requireModerator(context.viewer);
  if (!isIdeaStatus(status)) throw invalidStatus();
  const { db } = context;
  const idea = await loadIdea(db, user, ideaId);
  if (idea.status === status) return;
  const at = nowOf(context).toISOString();
  await db.transaction().execute(async (trx) => {
    await repository.updateIdea(trx, idea.id, { status, status_changed_at: at });
    await logModerationAction(trx, {
      targetKind: 'idea',
      targetId: idea.id,
      action: `status:${status}`,
      moderatorId: user.id,
      at,
    });
  });
}

export async function commentOnIdea(
  context: CommunityContext,
  ideaId: string,
  input: CommentInput,
): Promise<{ id: string }> {
  const user = requireMember(context.viewer);
  const values = parse(commentInput, input);
  const { db } = context;
  const idea = await loadIdea(db, user, ideaId);
  if (idea.hidden === 1) throw notFound('idea');
  await checkBannedWords({ body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('ideaComment');
  const result = await db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, `idea-comment:${idea.id}`, id, now, async () => {
      await repository.insertIdeaComment(trx, {
        id,
        idea_id: idea.id,
        author_id: user.id,
        body: text.body,
        body_text: text.bodyText,
        created_at: at,
        hidden: 0,
      });
      await repository.addToIdeaCounts(trx, idea.id, { comments: 1 });
    }),
  );
  return { id: result.id };
}

/** Hides or restores an idea, in the moderator's transaction; search follows at once. */
export async function setIdeaHidden(
  trx: Kysely<Database>,
  ideaId: string,
  hidden: boolean,
  at: string,
): Promise<void> {
  await repository.updateIdea(trx, ideaId, { hidden: hidden ? 1 : 0 });
  await indexIdea(trx, ideaId, at);
}

/** Hides or restores a comment on an idea; the idea's comment count leaves it out while hidden. */
export async function setIdeaCommentHidden(
  trx: Kysely<Database>,
  commentId: string,
  hidden: boolean,
): Promise<void> {
  const flag = hidden ? 1 : 0;
  const comment = await repository.findIdeaComment(trx, commentId);
  if (!comment || comment.hidden === flag) return;
  await repository.updateIdeaComment(trx, commentId, flag);
  await repository.addToIdeaCounts(trx, comment.idea_id, { comments: hidden ? -1 : 1 });
}

/** How many visible ideas a member proposed. */
export function countIdeasBy(db: Kysely<Database>, authorId: string): Promise<number> {
  return repository.countIdeasBy(db, authorId);
}

/**
 * The newest ideas proposed and comments on ideas (of one member, when `authorId` is given),
 * up to `limit` of each, newest first.
 */
export async function listIdeaActivity(
  db: Kysely<Database>,
  options: { authorId?: string; limit: number },
): Promise<ActivityItem[]> {
  const [ideas, comments] = await Promise.all([
    repository.listIdeas(db, { visibleOnly: true, ...options, sort: 'newest' }),
    repository.listRecentIdeaComments(db, options),
  ]);
  const member = await membersById(db, [
    ...ideas.map((idea) => idea.author_id),
    ...comments.map((comment) => comment.author_id),
  ]);
  return [
    ...ideas.map((idea) => presentIdeaActivity(idea, member(idea.author_id))),
    ...comments.map((comment) => presentIdeaCommentActivity(comment, member(comment.author_id))),
  ];
}
