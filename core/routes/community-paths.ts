import { VARIANT_ROOT } from './route-table.ts';

/*
 * Community pages the route table (spec 2.2) does not name: product ideas, the moderation
 * queue and the full lists of discussions. Discussions, topics, users, the feed and unsubscribing use the route contract's page
 * keys (discussion, topic, user, feed, unsubscribeTopic).
 */

/** The list of product ideas. */
export const IDEAS_PATH = '/s/ideas';

/** One product idea; also its search result's clickUri. */
export function ideaPath(id: string): string {
  return `${IDEAS_PATH}/${encodeURIComponent(id)}`;
}

/**
 * The admins' moderation queue. It sits under the community page's path in the new variant, so
 * the header marks the Community section and route detection (which matches the first segment,
 * 'community') never redirects it.
 */
export const MODERATION_PATH = `${VARIANT_ROOT.lwr}/community/moderation`;

/**
 * The lists behind the community's 'View all' links: every discussion of a tab of the
 * community home (?tab=unanswered), or of a topic (?topicId=), a page at a time (?page=2).
 * Under the community page's path, like the moderation queue.
 */
export const DISCUSSIONS_PATH = `${VARIANT_ROOT.lwr}/community/discussions`;

export function discussionListPath(list: { tab: string } | { topicId: string }, page = 1): string {
  const query = new URLSearchParams();
  if ('topicId' in list) query.set('topicId', list.topicId);
  else if (list.tab !== 'recent') query.set('tab', list.tab);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${DISCUSSIONS_PATH}?${text}` : DISCUSSIONS_PATH;
}
