/** One query's outcome: the ids a system returned, best first, and the ids that answer it. */
export interface RankedOutcome {
  returned: readonly string[];
  expected: readonly string[];
}

export interface RelevanceFigures {
  queries: number;
  /** Mean reciprocal rank of the first expected id within the first 10. */
  mrr: number;
  recallAt3: number;
  recallAt10: number;
}

/** 1-based rank of the first expected id, or undefined when none is returned. */
export function firstExpectedRank(outcome: RankedOutcome): number | undefined {
  const index = outcome.returned.findIndex((id) => outcome.expected.includes(id));
  return index === -1 ? undefined : index + 1;
}

/** MRR@10 and recall at 3 and 10 over queries that have an answer. */
export function relevanceFigures(outcomes: readonly RankedOutcome[]): RelevanceFigures {
  const answerable = outcomes.filter((outcome) => outcome.expected.length > 0);
  let reciprocal = 0;
  let at3 = 0;
  let at10 = 0;
  for (const outcome of answerable) {
    const rank = firstExpectedRank(outcome);
    if (rank === undefined || rank > 10) continue;
    reciprocal += 1 / rank;
    at10 += 1;
    if (rank <= 3) at3 += 1;
  }
  const share = (count: number) => (answerable.length === 0 ? 0 : count / answerable.length);
  return {
    queries: answerable.length,
    mrr: share(reciprocal),
    recallAt3: share(at3),
    recallAt10: share(at10),
  };
}

/** A query's words as the plain baselines search them: its runs of letters and digits. */
export const plainWords = (query: string): string[] => query.match(/[\p{L}\p{N}]+/gu) ?? [];
