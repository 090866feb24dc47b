/*
 * Community pages the route table (spec 2.2) does not name: product ideas. Discussions, topics,
 * users, the feed and unsubscribing use the route contract's page keys (discussion, topic, user,
 * feed, unsubscribeTopic).
 */

/** The list of product ideas. */
export const IDEAS_PATH = '/s/ideas';

/** One product idea; also its search result's clickUri. */
export function ideaPath(id: string): string {
  return `${IDEAS_PATH}/${encodeURIComponent(id)}`;
}
