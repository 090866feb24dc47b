/*
 * The names of the figures the rollup writes into insight_daily and the dashboards read
 * (docs/insight.md lists what each counts, from which events, under which consent).
 */
export const FIGURES = {
  searches: 'search.searches',
  /** Searches per query (cut: CUT_FIGURES). */
  queries: 'search.query',
  /** Searches with no results (item ''), and per query (cut). */
  noResultTotal: 'search.no-result-total',
  noResult: 'search.no-result',
  /** Searches with results and no click (item ''), and per query (cut). */
  noClickTotal: 'search.no-click-total',
  noClick: 'search.no-click',
  clicks: 'search.clicks',
  /** Distinct visitors who searched (count) and their searches (amount). */
  visitors: 'search.visitors',
  /** Searches refined (item ''), and per original query and what it was changed to (cut). */
  refinedTotal: 'search.refined-total',
  refined: 'search.refined',
  /** The four per-query lists summed over regions and hubs (cut), for reads without those filters. */
  queriesAll: 'search.query-all',
  noResultAll: 'search.no-result-all',
  noClickAll: 'search.no-click-all',
  refinedAll: 'search.refined-all',
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
  /** Cases open at the end of the day, per queue and category. */
  casesOpen: 'cases.open',
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

/**
 * The figures whose items are the long tail of what visitors type: each day and month keeps
 * only its most counted items per dimensions (ITEMS_KEPT), their totals are figures of their own.
 */
export const CUT_FIGURES: ReadonlySet<string> = new Set([
  FIGURES.queries,
  FIGURES.noResult,
  FIGURES.noClick,
  FIGURES.refined,
  FIGURES.queriesAll,
  FIGURES.noResultAll,
  FIGURES.noClickAll,
  FIGURES.refinedAll,
]);

/** The separator of two-part items (flow and topic, queue and category, title and address). */
export const ITEM_SEPARATOR = '\t';

export function joinItem(first: string, second: string): string {
  return `${first}${ITEM_SEPARATOR}${second}`;
}

export function splitItem(item: string): [string, string] {
  const at = item.indexOf(ITEM_SEPARATOR);
  return at < 0 ? [item, ''] : [item.slice(0, at), item.slice(at + 1)];
}
