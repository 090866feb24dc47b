import { DISCUSSION_CONTENT_TYPE, DISCUSSION_OBJECT_TYPE } from './scopes.ts';

/*
 * How a search's candidates are scored, on any engine: the engine's text relevance (bm25 in
 * FTS5, ts_rank_cd in PostgreSQL) times how much of the query a page covers, in all its text
 * and in its title, whether the words stand close, and the signals that are not the text.
 */

/**
 * How many of a search's best pages by the engine's text relevance are scored here, and make
 * up its results: the total, the facet counts and the pages a visitor can page through.
 * Scoring every match is what made a search of common words take seconds at 100,000 pages;
 * nobody pages this far (decision 025).
 */
export const RANKED_CANDIDATES = 500;

/** A page matching only part of the query keeps this share of its text relevance at least. */
export const PARTIAL_MATCH_FLOOR = 0.15;
/** How much more a page ranks when the query's words are all in its title. */
export const TITLE_MATCH_BOOST = 1.0;
/** How much more a page ranks when its title is all query words (a title on just that). */
export const TITLE_PRECISION_BOOST = 1.0;
/** How much more a page ranks when the query's words stand close together in it. */
export const PROXIMITY_BOOST = 0.5;
export const MATCHING_REGION_BOOST = 1.15;
/** A page of another region than the visitor's, when the visitor's is known. */
export const OTHER_REGION_FACTOR = 0.7;
/** Discussions age: a new one ranks up to 1.4 times, an old one down to 0.6 times. */
export const FRESHNESS_FLOOR = 0.6;
export const FRESHNESS_RANGE = 0.8;
export const FRESHNESS_DAYS = 30;
/** A discussion with no date counts as this old. */
export const UNDATED_DAYS = 3650;
/** A discussion with a best answer, or with answers, ranks above an unanswered one. */
export const BEST_ANSWER_BOOST = 1.3;
export const ANSWERED_BOOST = 1.1;

const DAY_MS = 86_400_000;

/** What scoring knows of one candidate page. */
export interface ScoredCandidate {
  /** The engine's text relevance, higher is better. */
  relevance: number;
  /** The query's groups the page matches (group i is bit i), in all its text and in its title. */
  allMask: number;
  titleMask: number;
  /** The query's words stand close together in the page. */
  near: boolean;
  title: string;
  region: string | null;
  objecttype: string | null;
  commonContentType: string | null;
  /** sfcreateddate, else updated_at. */
  date: string | null;
  bestAnswer: boolean;
  answers: number;
}

export interface ScoringContext {
  /** Each group's weight (groupWeight), in plan order. */
  weights: readonly number[];
  region?: string;
  /** What the visitor typed: a page titled just that comes first. */
  text: string;
  now: Date;
}

const sumOver = (mask: number, values: readonly number[]) =>
  values.reduce((sum, value, index) => (mask & (2 ** index) ? sum + value : sum), 0);

/** The weighted share of the groups a mask holds (1 when it holds them all). */
function coverage(mask: number, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return total === 0 ? 0 : sumOver(mask, weights) / total;
}

// Words of the title, counting its spaces.
const titleWords = (title: string) => title.trim().split(' ').length;

/** The signals that are not the text: region, and a discussion's freshness and answers. */
export function signalFactor(
  page: Pick<
    ScoredCandidate,
    'region' | 'objecttype' | 'commonContentType' | 'date' | 'bestAnswer' | 'answers'
  >,
  region: string | undefined,
  now: Date,
): number {
  const regional =
    page.region === null || !region
      ? 1
      : page.region === region
        ? MATCHING_REGION_BOOST
        : OTHER_REGION_FACTOR;
  const discussion =
    page.commonContentType === DISCUSSION_CONTENT_TYPE ||
    page.objecttype === DISCUSSION_OBJECT_TYPE;
  if (!discussion) return regional;
  const dated = page.date === null ? Number.NaN : Date.parse(page.date);
  const days = Number.isNaN(dated) ? UNDATED_DAYS : Math.abs(now.getTime() - dated) / DAY_MS;
  const freshness = FRESHNESS_FLOOR + FRESHNESS_RANGE * Math.exp(-days / FRESHNESS_DAYS);
  const answered = page.bestAnswer ? BEST_ANSWER_BOOST : page.answers > 0 ? ANSWERED_BOOST : 1;
  return regional * freshness * answered;
}

/** A candidate's score, and whether its title is the query (such a page comes first). */
export function candidateScore(
  page: ScoredCandidate,
  context: ScoringContext,
): { score: number; exactTitle: boolean } {
  const { weights } = context;
  const all = coverage(page.allMask, weights);
  const title = coverage(page.titleMask, weights);
  const named = sumOver(
    page.titleMask,
    weights.map(() => 1),
  );
  const score =
    page.relevance *
    (PARTIAL_MATCH_FLOOR + (1 - PARTIAL_MATCH_FLOOR) * all * all) *
    (1 + TITLE_MATCH_BOOST * title * title) *
    (1 + TITLE_PRECISION_BOOST * Math.min(1, named / titleWords(page.title))) *
    (1 + PROXIMITY_BOOST * (page.near ? 1 : 0)) *
    signalFactor(page, context.region, context.now);
  return {
    score,
    exactTitle: page.title.toLowerCase() === context.text.trim().toLowerCase(),
  };
}
