import type { Region } from '~core/regions';

/** Where a region change came from: this page, or another tab of the site. */
export type RegionChangeOrigin = 'this-page' | 'other-tab';

export interface RegionChange {
  region: Region;
  previous: Region;
  origin: RegionChangeOrigin;
}

export type RegionListener = (change: RegionChange) => void;

/**
 * The DOM event a region change is announced with on `window`, so every part of the page hears
 * it, React or not, in the order it subscribed.
 */
export const REGION_CHANGE_EVENT = 'portal:regionchange';

declare global {
  interface WindowEventMap {
    [REGION_CHANGE_EVENT]: CustomEvent<RegionChange>;
  }
}

/**
 * Spec 4: region changes are broadcast between page parts. Subscribe with this; it answers
 * the function that unsubscribes. The search box uses it to re-run its search with cause
 * 'regionChanged' when the new region differs from its context's userRegion.
 */
export function onRegionChange(listener: RegionListener): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (event: CustomEvent<RegionChange>) => listener(event.detail);
  window.addEventListener(REGION_CHANGE_EVENT, handler);
  return () => window.removeEventListener(REGION_CHANGE_EVENT, handler);
}

/** Tells every part of this page about a change (the region provider does this). */
export function announceRegionChange(change: RegionChange): void {
  window.dispatchEvent(new CustomEvent(REGION_CHANGE_EVENT, { detail: change }));
}

/** The channel other tabs of the site hear changes on. */
export function regionChannelName(prefix: string): string {
  return `${prefix}-region`;
}
