import type { ConsentState } from '~core/analytics';

declare global {
  interface Window {
    /** The tag manager's data layer (spec 7): entries pushed here are read by its tags. */
    dataLayer?: unknown[];
  }
}

/** The page's data layer, created on first use as tag managers expect. */
export function dataLayer(target: Window = window): unknown[] {
  target.dataLayer ??= [];
  return target.dataLayer;
}

/**
 * Pushes one entry to the tag manager's data layer, only with statistics consent: what a tag
 * manager reads from it leaves the page, so it is measurement like any other.
 */
export function pushToDataLayer(
  entry: Record<string, unknown>,
  consent: ConsentState,
  target: Window = window,
): boolean {
  if (!consent.statistics) return false;
  dataLayer(target).push(entry);
  return true;
}
