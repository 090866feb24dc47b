import { randomUUID } from 'node:crypto';
import { flagInput, type FlagInput, type FlagTarget, type ModerationItem } from '~core/community';
import { setDiscussionLocked, setPostHidden } from '../discussions/discussion-state.ts';
import { loadDiscussion } from '../discussions/discussion-access.ts';
import { setIdeaCommentHidden, setIdeaHidden } from '../ideas/ideas.service.ts';
import {
  nowOf,
  parse,
  unlessNotFound,
  type CommunityContext,
} from '../shared/community-context.ts';
import { CommunityError } from '../shared/community-error.ts';
import { mayFlag, requireMember, requireModerator } from '../shared/community.policy.ts';
import { membersById } from '../shared/member-refs.ts';
import { loadFlaggable, type FlaggedItem } from './flaggable.ts';
import { logModerationAction } from './moderation-log.ts';
import * as repository from './moderation.repository.ts';
import { presentModerationItem } from './moderation.presenters.ts';

/* Reports from members, and what moderators do about them: hide, restore, lock. */

export async function flagItem(
  context: CommunityContext,
  target: FlagTarget,
  id: string,
  input: FlagInput,
): Promise<void> {
  const user = requireMember(context.viewer);
  const values = parse(flagInput, input);
  const item = await loadFlaggable(context.db, user, target, id);
  if (!mayFlag(user, { hidden: item.hidden, authorId: item.authorId })) {
    throw new CommunityError('FORBIDDEN', 'You cannot report your own post.');
  }
  await repository.upsertFlag(context.db, {
    id: randomUUID(),
    target_kind: item.kind,
    target_id: item.id,
    reporter_id: user.id,
    reason: values.reason,
    note: values.note,
    created_at: nowOf(context).toISOString(),
    resolved_at: null,
  });
}

/** Flagged items awaiting review, oldest report first, each with all its open reports. */
export async function listModerationQueue(context: CommunityContext): Promise<ModerationItem[]> {
  const user = requireModerator(context.viewer);
  const { db } = context;
  const flags = await repository.listOpenFlags(db);
  const groups = new Map<string, repository.FlagRow[]>();
  for (const flag of flags) {
    const key = `${flag.target_kind}:${flag.target_id}`;
    groups.set(key, [...(groups.get(key) ?? []), flag]);
  }
  const items: { item: FlaggedItem; flags: repository.FlagRow[] }[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const item = await unlessNotFound(() =>
      loadFlaggable(db, user, first.target_kind, first.target_id),
    );
    if (item) items.push({ item, flags: group });
  }
  const member = await membersById(db, [
    ...flags.map((flag) => flag.reporter_id),
    ...items.map(({ item }) => item.authorId),
  ]);
  return items.map(({ item, flags: reports }) => presentModerationItem(item, reports, member));
}

export async function setHidden(
  context: CommunityContext,
  target: FlagTarget,
  id: string,
  hidden: boolean,
): Promise<void> {
  const user = requireModerator(context.viewer);
  const { db } = context;
  const item = await loadFlaggable(db, user, target, id);
  const at = nowOf(context).toISOString();
  await db.transaction().execute(async (trx) => {
    if (item.kind === 'post') await setPostHidden(trx, item.id, hidden, at);
    else if (item.kind === 'idea') await setIdeaHidden(trx, item.id, hidden, at);
    else await setIdeaCommentHidden(trx, item.id, hidden);
    await repository.resolveFlags(trx, item.kind, item.id, at);
    await logModerationAction(trx, {
      targetKind: item.kind,
      targetId: item.id,
      action: hidden ? 'hide' : 'restore',
      moderatorId: user.id,
      at,
    });
  });
}

export async function setLocked(
  context: CommunityContext,
  discussionId: string,
  locked: boolean,
): Promise<void> {
  const user = requireModerator(context.viewer);
  const { db } = context;
  const { discussion } = await loadDiscussion(db, user, discussionId);
  const at = nowOf(context).toISOString();
  await db.transaction().execute(async (trx) => {
    await setDiscussionLocked(trx, discussion.id, locked);
    await logModerationAction(trx, {
      targetKind: 'discussion',
      targetId: discussion.id,
      action: locked ? 'lock' : 'unlock',
      moderatorId: user.id,
      at,
    });
  });
}
