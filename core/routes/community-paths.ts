import { VARIANT_ROOT } from './route-table.ts';

/*
 * Community pages the route table (spec 2.2) does not name: product ideas and the moderation
 * queue. Discussions, topics, users, the feed and unsubscribing use the route contract's page
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
