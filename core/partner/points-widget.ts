import { pointsWidgetState, type PartnerTierData, type PointsWidgetState } from './tiers.ts';

/** Spec 2.4: the points widget's link on the home page. */
export const POINTS_LINK_TEXT = 'Your points and benefits';
export const POINTS_LINK_PATH = '/0/partners/account#partner-program-points';

export const NO_POINTS_MESSAGE = 'You have no points yet. Add your first client to start earning.';
export const ADD_CLIENT_LINK_TEXT = 'Add a new client';

/** What loading the tier data came to. */
export type TierDataLoad =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: PartnerTierData | null };

export type PointsWidgetView = { kind: 'loading' } | PointsWidgetState;

/**
 * Spec 4 'Points widget': loading first; hidden on error (spec 8 'Tier load failure'), then the
 * tier rules of pointsWidgetState.
 */
export function pointsWidgetView(load: TierDataLoad): PointsWidgetView {
  if (load.status === 'loading') return { kind: 'loading' };
  if (load.status === 'failed') return { kind: 'hidden' };
  return pointsWidgetState(load.data);
}

/**
 * The accounting app's page for adding a new client, where a partner earns first points. The
 * configuration names the app store's host only; the app itself is assumed to sit beside it,
 * with 'go' in place of the store's first host label (apps.example → go.example).
 */
export function addClientUrl(appsHost: string): string {
  const url = new URL(/^https?:\/\//i.test(appsHost) ? appsHost : `https://${appsHost}`);
  const labels = url.hostname.split('.');
  url.hostname = labels.length > 2 ? ['go', ...labels.slice(1)].join('.') : `go.${url.hostname}`;
  url.pathname = '/contacts/new';
  return url.toString();
}

/** The balance as shown: '1,250'. */
export function formatPoints(points: number): string {
  return new Intl.NumberFormat('en-US').format(points);
}
