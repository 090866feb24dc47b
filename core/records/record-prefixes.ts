/**
 * The 3-character prefix of every kind of record: the first characters of its 18-character id
 * tell which kind it is (spec 3, and the generic record page /s/detail/{id}). The spec's own
 * kinds keep the platform's prefixes (users 005, cases 500, articles ka0, discussions 0D5,
 * topics 0TO); the portal's other kinds take prefixes no platform kind uses. Two kinds never
 * share a prefix, not even in another letter case: a test holds that for every entry.
 */
export const RECORD_PREFIX = {
  user: '005',
  case: '500',
  caseMessage: '02s',
  caseAttachment: '00P',
  caseInvitation: 'a0V',
  caseDeflection: 'a0D',
  caseDraft: 'a0T',
  article: 'ka0',
  articleFeedback: 'a0F',
  guide: 'a0G',
  glossaryEntry: 'a0L',
  marketplaceApp: 'a0P',
  topic: '0TO',
  discussion: '0D5',
  communityPost: '0D7',
  idea: '087',
  ideaComment: '00a',
  suggestedStep: '0RD',
  partnerEvent: 'a1E',
  partnerPointsEntry: 'a1P',
  partnerChallenge: 'a1C',
  partnerReward: 'a1W',
  partnerRedemption: 'a1X',
  partnerServiceJob: 'a1J',
  partnerConfigurationChange: 'a1H',
  learningItem: 'a0I',
  learningSession: 'a0S',
  certification: 'a0K',
  analyticsEvent: 'a0E',
  errorReport: 'a0R',
  searchQuery: 'a0Q',
  searchClick: 'a0C',
  searchUsageEvent: 'a2U',
  answer: 'a0A',
  answerEvent: 'a0B',
} as const;

export type RecordKind = keyof typeof RECORD_PREFIX;

const KIND_BY_PREFIX = new Map<string, RecordKind>(
  Object.entries(RECORD_PREFIX).map(([kind, prefix]) => [prefix, kind as RecordKind]),
);

/** Which kind of record an id belongs to, by its first three characters; undefined if none. */
export function recordKindOf(id: string): RecordKind | undefined {
  return KIND_BY_PREFIX.get(id.slice(0, 3));
}

/**
 * Prefixes that earlier versions gave two kinds at once. Migration 0013 moved the rows of the
 * second kind to their new prefix, so a stored id always names its kind.
 */
export const RETIRED_SHARED_PREFIXES = {
  answerEvent: { was: 'a0E', sharedWith: 'analyticsEvent' },
  searchQuery: { was: 'a0S', sharedWith: 'learningSession' },
} as const satisfies Partial<Record<RecordKind, { was: string; sharedWith: RecordKind }>>;
