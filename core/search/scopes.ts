/**
 * Which documents each search hub covers (docs/search-api.md). Learning items are told apart
 * by their content type (courses, classrooms, webinars) or, for learning plans and tracks, by
 * their object type; the learning module indexes its items with these values.
 */

export const LEARNING_CONTENT_TYPES = ['Online course', 'Live classroom', 'Live webinar'] as const;
export const LEARNING_OBJECT_TYPES = ['LearningPlan', 'LearningTrack'] as const;

/**
 * Community discussions are indexed with this object type and content type (their raw data
 * has sffeeditemid); either one marks a discussion.
 */
export const DISCUSSION_OBJECT_TYPE = 'FeedItem';
export const DISCUSSION_CONTENT_TYPE = 'Discussion';
export const TOPIC_OBJECT_TYPE = 'Topic';
export const GUIDE_OBJECT_TYPE = 'Guide__c';
/** Marketplace apps' source (spec 2.6 result links, rule 6). */
export const APPS_SYSSOURCE = 'Apps';

export function isLearningItem(document: {
  common_contenttype: string;
  objecttype: string;
}): boolean {
  return (
    (LEARNING_CONTENT_TYPES as readonly string[]).includes(document.common_contenttype) ||
    (LEARNING_OBJECT_TYPES as readonly string[]).includes(document.objecttype)
  );
}

/**
 * The partner resource library's items: found in the site search by partners only, so every
 * search, suggestion and count of anyone else leaves them out.
 */
export const PARTNER_RESOURCE_OBJECT_TYPE = 'PartnerResource';
export const PARTNER_ONLY_OBJECT_TYPES = [PARTNER_RESOURCE_OBJECT_TYPE] as const;

/** The object types a visitor's searches leave out: the partners' own, unless a partner. */
export function hiddenObjectTypes(visitor: { isPartner: boolean }): string[] {
  return visitor.isPartner ? [] : [...PARTNER_ONLY_OBJECT_TYPES];
}
