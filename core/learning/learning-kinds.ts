/*
 * The kinds of learning item and the words pages use for them: apart from catalogue.ts, whose
 * checks of the platform's export only the server runs, so pages load no validator.
 */

/** The kinds of learning item the platform exports. */
export const LEARNING_KINDS = [
  'course',
  'learning_plan',
  'learning_track',
  'webinar',
  'event',
  'classroom',
] as const;
export type LearningKind = (typeof LEARNING_KINDS)[number];

/** The kinds that meet at a time (and so have sessions and calendar entries). */
export const SCHEDULED_KINDS: readonly LearningKind[] = ['webinar', 'event', 'classroom'];

/** The audiences that learning paths are grouped by on the learning page. */
export const LEARNING_AUDIENCES = ['small businesses', 'accountants and bookkeepers'] as const;

/** The words the pages use for each kind. */
export const LEARNING_KIND_LABELS: Readonly<Record<LearningKind, string>> = {
  course: 'Course',
  learning_plan: 'Learning plan',
  learning_track: 'Learning track',
  webinar: 'Webinar',
  event: 'Event',
  classroom: 'In-person classroom',
};
