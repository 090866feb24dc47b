/*
 * The 30-minute window of the issue (docs/insight.md): a visit to content counts as followed
 * by a case when the same person raises one within the window after it.
 */

export const FOLLOW_UP_WINDOW_MINUTES = 30;

const MINUTE = 60_000;

export interface TimedView {
  userId: string;
  contentId: string;
  /** ISO-8601 UTC. */
  at: string;
}

/**
 * Per content id, how many of its views were followed by one of the same person's cases within
 * the window (a view counts once however many cases follow it; a case before the view does
 * not count).
 */
export function viewsFollowedByCase(
  views: readonly TimedView[],
  cases: readonly { userId: string; at: string }[],
  windowMinutes = FOLLOW_UP_WINDOW_MINUTES,
): Map<string, number> {
  const casesOf = new Map<string, number[]>();
  for (const raised of cases) {
    const times = casesOf.get(raised.userId) ?? [];
    times.push(Date.parse(raised.at));
    casesOf.set(raised.userId, times);
  }
  const counts = new Map<string, number>();
  for (const view of views) {
    const viewed = Date.parse(view.at);
    const followed = (casesOf.get(view.userId) ?? []).some(
      (time) => time >= viewed && time - viewed <= windowMinutes * MINUTE,
    );
    if (followed) counts.set(view.contentId, (counts.get(view.contentId) ?? 0) + 1);
  }
  return counts;
}
