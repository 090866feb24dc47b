import { excerptOf } from '~core/community';
import { followUnsubscribeUrl, oneClickUnsubscribeHeaders } from '~core/consent';
import { escapeHtml } from '~core/content';
import { fullName } from '~core/ui';
import type { OutgoingMail } from '~server/modules/mail';
import type { UserSummary } from '~server/modules/identity';
import { discussionPath, unsubscribePath } from '../shared/community-paths.ts';
import type { FollowRow } from './follows.repository.ts';

/** What happened on a discussion that its followers are told about by e-mail. */
export interface DiscussionEvent {
  kind: 'answer' | 'best-answer';
  discussion: { id: string; title: string };
  answer: { id: string; authorId: string; text: string };
  /** Whoever caused it, who is not told. */
  actorId: string;
}

/**
 * The e-mail to one follower: why they get it (the discussion or which of its topics they
 * follow) and the link that unfollows exactly that, without signing in.
 */
export function followerMail(
  event: DiscussionEvent,
  answererName: string,
  follower: UserSummary & { email: string },
  follow: FollowRow,
  topicNames: ReadonlyMap<string, string>,
  siteUrl: string,
): OutgoingMail {
  const { discussion, answer } = event;
  const name = fullName(follower.firstName, follower.lastName);
  const link = `${siteUrl}${discussionPath(discussion.id)}`;
  const why =
    follow.target_kind === 'discussion'
      ? 'you follow this discussion'
      : `you follow the topic ${topicNames.get(follow.target_id) ?? ''}`.trimEnd();
  const unsubscribe = `${siteUrl}${unsubscribePath(follow.unsubscribe_token)}`;
  const unfollowLabel =
    follow.target_kind === 'discussion' ? 'Unfollow this discussion' : 'Unfollow this topic';
  const headline =
    event.kind === 'answer'
      ? `${answererName} answered “${discussion.title}”.`
      : `The best answer to “${discussion.title}” was chosen: ${answererName}’s answer.`;
  const quote = excerptOf(answer.text, 600);
  const text = [
    `Hello ${name},`,
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
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>${escapeHtml(headline)}</p>`,
    `<blockquote>${escapeHtml(quote)}</blockquote>`,
    `<p><a href="${escapeHtml(link)}">Read the discussion</a></p>`,
    `<p>You get this e-mail because ${escapeHtml(why)}. <a href="${escapeHtml(unsubscribe)}">${unfollowLabel}</a>.</p>`,
  ].join('\n');
  return {
    eventKey: `${event.kind}:${discussion.id}:${answer.id}:${follower.id}`,
    to: name ? `"${name.replace(/["\\]/g, '')}" <${follower.email}>` : follower.email,
    subject:
      event.kind === 'answer'
        ? `New answer: ${discussion.title}`
        : `Best answer chosen: ${discussion.title}`,
    text,
    html,
    // RFC 8058: mailbox providers unfollow with one POST; the body's link asks first.
    headers: oneClickUnsubscribeHeaders(followUnsubscribeUrl(siteUrl, follow.unsubscribe_token)),
  };
}
