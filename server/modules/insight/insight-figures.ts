/*
 * The names of the figures the rollup writes into insight_daily and the dashboards read
 * (docs/insight.md lists what each counts, from which events, under which consent).
 */
export const FIGURES = {
  searches: 'search.searches',
  queries: 'search.query',
  noResult: 'search.no-result',
  noClick: 'search.no-click',
  clicks: 'search.clicks',
  /** Distinct visitors who searched (count) and their searches (amount). */
  visitors: 'search.visitors',
  /** Searches refined, per original query and what it was changed to (joinItem). */
  refined: 'search.refined',
  answersShown: 'answers.shown',
  answersDeclined: 'answers.declined',
  answersLiked: 'answers.liked',
  dislikeReasons: 'answers.disliked',
  dislikedAnswers: 'answers.disliked-answer',
  citedPages: 'answers.cited',
  citationClicks: 'answers.citation-clicks',
  contactVisits: 'deflection.visits',
  contactShownHelp: 'deflection.shown-help',
  contactDeflected: 'deflection.deflected',
  casesRaised: 'cases.raised',
  casesSolved: 'cases.solved',
  resolutionMinutes: 'cases.resolution-minutes',
  firstResponseMinutes: 'cases.first-response-minutes',
  ratings: 'cases.rating',
  contentViews: 'content.views',
  contentHelpful: 'content.helpful',
  contentNotHelpful: 'content.not-helpful',
  contentFollowedByCase: 'content.followed-by-case',
  communityQuestions: 'community.questions',
  communityFirstAnswerMinutes: 'community.first-answer-minutes',
  communityMemberPosts: 'community.member-posts',
  partnerPointsEarned: 'partners.points-earned',
  partnerPointsRedeemed: 'partners.points-redeemed',
  partnerPointsExpired: 'partners.points-expired',
  partnerPointsAdjusted: 'partners.points-adjusted',
  partnerChallengesJoined: 'partners.challenges-joined',
  partnerChallengesCompleted: 'partners.challenges-completed',
} as const;

/** The separator of two-part items (flow and topic, queue and category, title and address). */
export const ITEM_SEPARATOR = '\t';

export function joinItem(first: string, second: string): string {
  return `${first}${ITEM_SEPARATOR}${second}`;
}

export function splitItem(item: string): [string, string] {
  const at = item.indexOf(ITEM_SEPARATOR);
  return at < 0 ? [item, ''] : [item.slice(0, at), item.slice(at + 1)];
}
