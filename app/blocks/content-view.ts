import type { AnalyticsEventFields } from '~core/analytics';
import { contentName } from '~core/routes';
import { VIEW_CONTENT_ID_KEY, type ViewRequest } from '~core/search';

/** Spec 3 'Tracking block settings'. */
export interface TrackingBlockSettings {
  /** e.g. 'Articles'. */
  contentType: string;
  recordId?: string;
  contentId?: string;
  isContent?: boolean;
  /** The page's name is personal (a case subject, say): it goes in contentNamePersonal. */
  isPersonalContent?: boolean;
  /** Tag-manager tracking; on by default. */
  gtmTracking?: boolean;
  /** Internal analytics; on by default. */
  beanieTracking?: boolean;
  /** The search analytics' 'view' event (spec 7, named after the search provider); on by default. */
  searchAnalyticsTracking?: boolean;
  /** Spec 4 'Case deflection': viewing this page lets later deflection steps be skipped. */
  skipDeflectionAfterView?: boolean;
}

/** Spec 4: the session-storage flag that says an article was viewed. */
export const ARTICLE_VIEWED_KEY = 'articleViewed';

export interface TrackingEnvironment {
  pathname: string;
  sessionStorage: Pick<Storage, 'setItem'> | undefined;
  getTeamValue(recordId: string): Promise<string>;
  track(fields: AnalyticsEventFields<'content viewed'>): void;
  /** Sends the search analytics' view event; the sender checks the visitor's consent. */
  logSearchView(view: SearchAnalyticsView): void;
  reportError(error: unknown, context: { source: string }): void;
}

/** The search analytics' view event of a page, as the search API takes it. */
export type SearchAnalyticsView = Omit<ViewRequest, 'searchHub' | 'csrfToken'>;

/**
 * Spec 7: the page's content type, and the record it shows under '@sfid' when it shows one.
 * Any page with a tracking block sends it, a content page or not (the home page is 'Home').
 */
export function searchAnalyticsView(
  settings: TrackingBlockSettings,
  pathname: string,
): SearchAnalyticsView {
  return {
    contentType: settings.contentType,
    ...(settings.recordId
      ? { contentIdKey: VIEW_CONTENT_ID_KEY, contentIdValue: settings.recordId }
      : {}),
    location: pathname,
  };
}

/**
 * What the tracking block does once a page is shown: marks the article viewed for case
 * deflection, sends the search analytics' view event, then sends 'content viewed' with the
 * team from getTeamValue, which is '' when that call fails (spec 8: the failure is reported,
 * never shown).
 */
export async function trackContentView(
  settings: TrackingBlockSettings,
  environment: TrackingEnvironment,
): Promise<void> {
  if (settings.skipDeflectionAfterView) {
    try {
      environment.sessionStorage?.setItem(ARTICLE_VIEWED_KEY, 'true');
    } catch (error) {
      environment.reportError(error, { source: 'tracking.articleViewed' });
    }
  }
  if (settings.searchAnalyticsTracking ?? true) {
    environment.logSearchView(searchAnalyticsView(settings, environment.pathname));
  }
  const tracked = (settings.gtmTracking ?? true) || (settings.beanieTracking ?? true);
  if (!settings.isContent || !tracked) return;

  let contentTeam = '';
  if (settings.recordId) {
    try {
      contentTeam = (await environment.getTeamValue(settings.recordId)) ?? '';
    } catch (error) {
      environment.reportError(error, { source: 'Tracking.getTeamValue' });
    }
  }
  const name = contentName(environment.pathname);
  environment.track({
    contentType: settings.contentType,
    contentName: settings.isPersonalContent ? settings.contentType : name,
    ...(settings.isPersonalContent ? { contentNamePersonal: name } : {}),
    ...(settings.contentId ? { contentId: settings.contentId } : {}),
    contentTeam,
  });
}
