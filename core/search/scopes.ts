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
