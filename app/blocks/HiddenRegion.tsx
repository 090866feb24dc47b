import { useEffect } from 'react';
import { useLocation, useParams, useRevalidator } from 'react-router';
import { isRecordId } from '~core/records';
import { reportError, track } from '../analytics/analytics.ts';
import { consentNow } from '../consent/consent-store.ts';
import { pushToDataLayer } from '../analytics/data-layer.ts';
import { useSite } from '../site.ts';
import { useViewer } from '../viewer.ts';

export interface HiddenRegionProps {
  /** The page key the region sits on ('home'). */
  pageKey: string;
  /** The screen name analytics knows the page by. */
  screenName: string;
}

/**
 * SEO assistant: the page's canonical URL and its language alternates, for the record the
 * recordId route parameter names, else the page itself (React hoists the links into the head).
 */
export function SeoAssistant({ pageKey }: { pageKey: string }) {
  const site = useSite();
  const { recordId } = useParams();
  if (!site) return null;
  const record = recordId !== undefined && isRecordId(recordId) ? recordId : undefined;
  const detail = site.contract.url('recordDetail');
  const canonical = record && detail ? `${detail}/${record}` : site.contract.url(pageKey);
  if (!canonical) return null;
  return (
    <>
      <link rel="canonical" href={canonical} />
      <link rel="alternate" hrefLang="en-US" href={canonical} />
      <link rel="alternate" hrefLang="x-default" href={canonical} />
    </>
  );
}

/** View-change notifier: 'screen viewed' each time the visitor arrives at another view. */
function ViewChangeNotifier({ screenName }: { screenName: string }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    track('screen viewed', { screenName, subScreenName: `${pathname}${search}` });
  }, [screenName, pathname, search]);
  return null;
}

/** Page data layer: what page this is, for the tag manager's tags (with statistics consent). */
function PageDataLayer({ pageKey, screenName }: HiddenRegionProps) {
  const { isGuest } = useViewer();
  useEffect(() => {
    pushToDataLayer({ event: 'pageData', pageKey, screenName, isGuest }, consentNow());
  }, [pageKey, screenName, isGuest]);
  return null;
}

/**
 * Session validator: when the tab comes back into view, asks whether the session the page was
 * rendered with still stands (it may have ended, or begun, in another tab) and reloads the
 * page's data if not, so partner blocks never show to someone who is no longer signed in. The
 * question's code is loaded then, not with the page.
 */
function SessionValidator() {
  const { isGuest } = useViewer();
  const revalidator = useRevalidator();
  useEffect(() => {
    let current = true;
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      void import('../components/session/session-status.ts')
        .then(({ fetchSessionStatus }) => fetchSessionStatus())
        .then((status) => {
          if (current && status && status.isGuest !== isGuest) void revalidator.revalidate();
        })
        .catch((error: unknown) => reportError(error, { source: 'SessionValidator' }));
    };
    document.addEventListener('visibilitychange', check);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', check);
    };
  }, [isGuest, revalidator]);
  return null;
}

/** Spec 2.4 item 8: the page's invisible helpers, in a region nobody sees. */
export function HiddenRegion({ pageKey, screenName }: HiddenRegionProps) {
  return (
    <div hidden data-hidden-region="">
      <SeoAssistant pageKey={pageKey} />
      <ViewChangeNotifier screenName={screenName} />
      <PageDataLayer pageKey={pageKey} screenName={screenName} />
      <SessionValidator />
    </div>
  );
}
