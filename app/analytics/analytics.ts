import type { AnalyticsEventFields, AnalyticsEventName, ConsentState } from '~core/analytics';
import { ANALYTICS_EVENT_CONSENT } from '~core/analytics';
import { consentNow } from '../consent/consent-store.ts';
import type { AnalyticsClient, CallMoment, ErrorContext } from './analytics-client.ts';
import { currentPagePath } from './page-path.ts';

export type { ErrorContext } from './analytics-client.ts';

/*
 * What every page calls to record an event or report a failure. The client that checks, batches
 * and sends them (analytics-client.ts) is loaded when there is first something for it: an event
 * the visitor consented to, or an error. A visitor without statistics consent on a page that
 * works never loads it, and no page waits for it before it can hydrate.
 */

export interface AnalyticsLoaderEnvironment {
  load(): Promise<AnalyticsClient>;
  consent(): ConsentState;
  moment(): CallMoment;
  logError(error: unknown): void;
}

type Call = (client: AnalyticsClient, moment: CallMoment) => void;

/** Hands calls to the client once it is loaded; those made meanwhile keep order, time and page. */
export function createAnalyticsLoader(environment: AnalyticsLoaderEnvironment) {
  let client: AnalyticsClient | undefined;
  let loading: Promise<void> | undefined;
  let csrfToken: string | undefined;
  const waiting: Array<{ call: Call; moment: CallMoment }> = [];

  function withClient(call: Call): void {
    const moment = environment.moment();
    if (client) {
      call(client, moment);
      return;
    }
    waiting.push({ call, moment });
    loading ??= environment.load().then(
      (loaded) => {
        client = loaded;
        if (csrfToken !== undefined) loaded.configure({ csrfToken });
        for (const { call: waited, moment: at } of waiting.splice(0)) waited(loaded, at);
      },
      (error: unknown) => {
        // The next call tries again (a deploy replaced the file, the network dropped).
        loading = undefined;
        environment.logError(error);
      },
    );
  }

  return {
    track<Name extends AnalyticsEventName>(name: Name, fields: AnalyticsEventFields<Name>): void {
      if (!environment.consent()[ANALYTICS_EVENT_CONSENT]) return;
      withClient((loaded, moment) => loaded.track(name, fields, moment));
    },
    reportError(error: unknown, context?: ErrorContext): void {
      withClient((loaded, moment) => loaded.reportError(error, context, moment));
    },
    /** Nothing is sent before the page knows its CSRF token ('' for a guest). */
    configure(token: string): void {
      csrfToken = token;
      client?.configure({ csrfToken: token });
    },
    flush(): void {
      client?.flush();
    },
  };
}

const page = createAnalyticsLoader({
  load: () => import('./analytics-client.ts').then((module) => module.analytics),
  consent: consentNow,
  moment: () => ({ at: new Date(), pagePath: currentPagePath() }),
  logError: (error) => console.error(error),
});

/** Records a spec 3 analytics event (with statistics consent). */
export function track<Name extends AnalyticsEventName>(
  name: Name,
  fields: AnalyticsEventFields<Name>,
): void {
  if (typeof window === 'undefined') return;
  page.track(name, fields);
}

/** Reports a failure to the error-reporting service and the console, never to the visitor. */
export function reportError(error: unknown, context?: ErrorContext): void {
  if (typeof window === 'undefined') {
    console.error(error);
    return;
  }
  page.reportError(error, context);
}

/** Starts sending: the page's CSRF token is known. */
export function configureAnalytics(csrfToken: string): void {
  page.configure(csrfToken);
}

/** Sends the waiting events now (the page is being hidden or left). */
export function flushAnalytics(): void {
  page.flush();
}
