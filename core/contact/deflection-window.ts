/*
 * Deflection (docs/insight.md 'Deflection'): a visitor shown an answer or articles on the way
 * to a person counts as helped without one unless they reached a person within this window of
 * the help. Someone who comes back the next day with a new problem was still helped that day.
 */
export const DEFLECTION_WINDOW_MINUTES = 30;

/** Whether reaching a person at `reachedAt` undoes the help shown at `shownAt`. */
export function reachedWithinWindow(shownAt: Date, reachedAt: Date): boolean {
  const minutes = (reachedAt.getTime() - shownAt.getTime()) / 60_000;
  return minutes <= DEFLECTION_WINDOW_MINUTES;
}
