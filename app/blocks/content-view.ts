import type { AnalyticsEventFields } from '~core/analytics';
import { contentName } from '~core/routes';

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
  reportError(error: unknown, context: { source: string }): void;
}

/**
 * What the tracking block does once a page is shown: marks the article viewed for case
 * deflection, then sends 'content viewed' with the team from getTeamValue, which is '' when
 * that call fails (spec 8: the failure is reported, never shown).
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
