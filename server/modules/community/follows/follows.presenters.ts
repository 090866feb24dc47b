import type { Kysely } from 'kysely';
import { excerptOf } from '~core/community';
import { fullName } from '~core/ui';
import { escapeHtml } from '~core/content';
import { createRouteContract } from '~core/routes';
import type { Database } from '~server/db/schema.ts';
import { queueMail, type OutgoingMail } from '~server/modules/mail/mail.service.ts';
import * as repository from './community.repository.ts';
import { discussionPath } from './community-search.ts';

const contract = createRouteContract({ product: 'community', siteUrl: '', log: () => {} });

export function unsubscribePath(token: string): string {
  const base = contract.path('unsubscribeTopic') ?? '/s/unsubscribe-topic';
  return `${base}?token=${encodeURIComponent(token)}`;
}

export type DiscussionEvent =
  | { kind: 'answer'; answerId: string; actorId: string }
  | { kind: 'best-answer'; answerId: string; actorId: string };

interface EventContext {
  siteUrl: string;
  now: Date;
}

/**
 * Queues one e-mail per follower of the discussion or of any of its topics, in the caller's
 * transaction: the event and its messages are written together or not at all. Whoever caused
 * the event is not told about it; a follower of both the discussion and a topic gets one
 * message, unsubscribing from the discussion.
 */
export async function notifyFollowers(
  db: Kysely<Database>,
  discussionId: string,
  event: DiscussionEvent,
  context: EventContext,
): Promise<void> {
  const discussion = await repository.findDiscussion(db, discussionId);
  const answer = await repository.findPost(db, event.answerId);
  if (!discussion || !answer) return;
  const topics = await repository.listDiscussionTopics(db, [discussionId]);
  const followers = await repository.listFollowers(db, [
    { kind: 'discussion', id: discussionId },
    ...topics.map((topic) => ({ kind: 'topic' as const, id: topic.id })),
  ]);
  const byUser = new Map<string, repository.FollowerRow>();
  for (const follower of followers) {
    if (follower.user_id === event.actorId || !follower.email) continue;
    const known = byUser.get(follower.user_id);
    if (!known || (known.target_kind === 'topic' && follower.target_kind === 'discussion')) {
      byUser.set(follower.user_id, follower);
    }
  }
  if (byUser.size === 0) return;
  const [answerer] = await repository.findMembers(db, [answer.author_id]);
  const answererName = answerer ? fullName(answerer.first_name, answerer.last_name) : 'A member';
  const link = `${context.siteUrl}${discussionPath(discussionId)}`;
  const topicNames = new Map(topics.map((topic) => [topic.id, topic.name]));
  const messages: OutgoingMail[] = [...byUser.values()].map((follower) => {
    const why =
      follower.target_kind === 'discussion'
        ? 'you follow this discussion'
        : `you follow the topic ${topicNames.get(follower.target_id) ?? ''}`.trimEnd();
    const unsubscribe = `${context.siteUrl}${unsubscribePath(follower.unsubscribe_token)}`;
    const unfollowLabel =
      follower.target_kind === 'discussion' ? 'Unfollow this discussion' : 'Unfollow this topic';
    const headline =
      event.kind === 'answer'
        ? `${answererName} answered “${discussion.title}”.`
        : `The best answer to “${discussion.title}” was chosen: ${answererName}’s answer.`;
    const quote = excerptOf(answer.body_text, 600);
    const text = [
      `Hello ${fullName(follower.first_name, follower.last_name)},`,
      '',
      headline,
      '',
      quote,
      '',
      `Read the discussion: ${link}`,
      '',
      `You get this e-mail because ${why}.`,
      `${unfollowLabel}: ${unsubscribe}`,
    ].join('\n');
    const html = [
      `<p>Hello ${escapeHtml(fullName(follower.first_name, follower.last_name))},</p>`,
      `<p>${escapeHtml(headline)}</p>`,
      `<blockquote>${escapeHtml(quote)}</blockquote>`,
      `<p><a href="${escapeHtml(link)}">Read the discussion</a></p>`,
      `<p>You get this e-mail because ${escapeHtml(why)}. <a href="${escapeHtml(unsubscribe)}">${unfollowLabel}</a>.</p>`,
    ].join('\n');
    return {
      eventKey: `${event.kind}:${discussionId}:${event.answerId}:${follower.user_id}`,
      to: fullName(follower.first_name, follower.last_name)
        ? `"${fullName(follower.first_name, follower.last_name).replace(/["\\]/g, '')}" <${follower.email ?? ''}>`
        : (follower.email ?? ''),
      subject:
        event.kind === 'answer'
          ? `New answer: ${discussion.title}`
          : `Best answer chosen: ${discussion.title}`,
      text,
      html,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
      },
    };
  });
  await queueMail(db, messages, context.now);
}
