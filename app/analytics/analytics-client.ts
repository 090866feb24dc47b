import {
  ANALYTICS_EVENT_CONSENT,
  eventFieldsProblem,
  MAX_EVENTS_PER_BATCH,
  type AnalyticsEvent,
  type AnalyticsEventFields,
  type AnalyticsEventName,
  ERROR_REPORT_LIMITS,
  isSuppressedError,
} from '~core/analytics';
import type { ConsentState } from '~core/analytics';
import { consentNow } from '../consent/consent-store.ts';
import { dataLayer } from './data-layer.ts';
import { currentPagePath } from './page-path.ts';

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
export const ERROR_REPORT_ENDPOINT = '/api/errors';

/** Events wait this long for company before they are sent, so a click burst is one request. */
export const FLUSH_DELAY_MS = 2000;
/** A page that keeps failing stops reporting after this many reports, not flooding the server. */
export const MAX_ERROR_REPORTS_PER_PAGE = 20;

export type ErrorContext = Record<string, string | number | boolean | null | undefined> & {
  /** What was running: a server method ('UserDataUtility.getUserData'), a component... */
  source?: string;
};

/** What the analytics client needs from the browser; the page's own is `browserEnvironment`. */
export interface AnalyticsEnvironment {
  consent(): ConsentState;
  dataLayer(): unknown[];
  /** Sends a JSON body so that it survives the page being closed. */
  send(url: string, body: string): void;
  pagePath(): string;
  now(): Date;
  schedule(callback: () => void, delayMs: number): () => void;
  logError(...values: unknown[]): void;
}

/** When and where a call was made, when the client is handed it later (analytics.ts). */
export interface CallMoment {
  at: Date;
  pagePath: string;
}

interface QueuedError {
  report: Record<string, unknown>;
}

function errorParts(error: unknown): { message: string; errorName?: string; stack?: string } {
  if (error instanceof Error) {
    return {
      message: error.message || error.name || 'Unknown error',
      errorName: error.name,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  if (typeof error === 'string') return { message: error || 'Unknown error' };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * The page's analytics: events of spec 3 go to the tag manager's data layer and, in batches, to
 * the internal analytics service, only with statistics consent; error reports go to the
 * error-reporting service and the console whatever the consent, since running the site needs
 * them, and never to the visitor.
 */
export class AnalyticsClient {
  /** Null until the page is set up; '' for a guest, whose page carries no token. */
  private csrfToken: string | null = null;
  private events: AnalyticsEvent[] = [];
  private errors: QueuedError[] = [];
  private cancelFlush: (() => void) | undefined;
  private reportsSent = 0;

  constructor(private readonly environment: AnalyticsEnvironment) {}

  /**
   * Nothing is sent before the page is set up with its CSRF token ('' for a guest, whom the
   * server knows by the browser's same-origin headers instead); what came earlier waits.
   */
  configure(options: { csrfToken: string }): void {
    this.csrfToken = options.csrfToken;
    this.sendErrors();
    this.flush();
  }

  track<Name extends AnalyticsEventName>(
    name: Name,
    fields: AnalyticsEventFields<Name>,
    moment: CallMoment = this.now(),
  ): void {
    try {
      if (!this.environment.consent()[ANALYTICS_EVENT_CONSENT]) return;
      const problem = eventFieldsProblem(name, fields);
      if (problem) {
        const where = problem.field ? `${problem.field}: ` : '';
        this.reportError(
          new Error(`Analytics event '${name}' is not valid: ${where}${problem.message}`),
          { source: 'analytics.track' },
          moment,
        );
        return;
      }
      this.environment.dataLayer().push({ event: name, ...fields });
      this.events.push({
        name,
        fields,
        occurredAt: moment.at.toISOString(),
        pagePath: moment.pagePath,
      } as AnalyticsEvent);
      if (this.events.length >= MAX_EVENTS_PER_BATCH) this.flush();
      else this.scheduleFlush();
    } catch (error) {
      this.reportError(error, { source: 'analytics.track' }, moment);
    }
  }

  /**
   * Spec 8: a failure is reported to the error-reporting service and the console, never shown
   * to the visitor; a browser error reading property 'lc' of undefined is not reported at all.
   */
  reportError(error: unknown, context: ErrorContext = {}, moment: CallMoment = this.now()): void {
    const parts = errorParts(error);
    if (isSuppressedError(parts.message)) return;
    this.environment.logError(error);
    if (this.reportsSent + this.errors.length >= MAX_ERROR_REPORTS_PER_PAGE) return;
    const { source, ...rest } = context;
    const details = Object.fromEntries(
      Object.entries(rest)
        .filter(([, value]) => value !== undefined)
        .slice(0, ERROR_REPORT_LIMITS.contextKeys),
    );
    this.errors.push({
      report: {
        ...parts,
        ...(source ? { source } : {}),
        ...(Object.keys(details).length > 0 ? { context: details } : {}),
        pagePath: moment.pagePath,
        occurredAt: moment.at.toISOString(),
      },
    });
    this.sendErrors();
  }

  /** Sends the waiting events now (the page is being hidden, or the batch is full). */
  flush(): void {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    if (this.csrfToken === null) return;
    while (this.events.length > 0) {
      const events = this.events.splice(0, MAX_EVENTS_PER_BATCH);
      this.environment.send(ANALYTICS_ENDPOINT, JSON.stringify({ ...this.tokenField(), events }));
    }
  }

  private now(): CallMoment {
    return { at: this.environment.now(), pagePath: this.environment.pagePath() };
  }

  private scheduleFlush(): void {
    if (this.cancelFlush) return;
    this.cancelFlush = this.environment.schedule(() => {
      this.cancelFlush = undefined;
      this.flush();
    }, FLUSH_DELAY_MS);
  }

  private tokenField(): { csrfToken?: string } {
    return this.csrfToken ? { csrfToken: this.csrfToken } : {};
  }

  private sendErrors(): void {
    if (this.csrfToken === null) return;
    for (const { report } of this.errors.splice(0)) {
      this.reportsSent += 1;
      this.environment.send(
        ERROR_REPORT_ENDPOINT,
        JSON.stringify({ ...this.tokenField(), ...report }),
      );
    }
  }
}

/**
 * A beacon survives the page closing; it is sent as text/plain, a type beacons may always use,
 * and the server reads it as JSON. Without beacons, a keepalive fetch does the same job.
 */
function sendInBackground(url: string, body: string): void {
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  }).catch(() => {
    // Reporting must never fail the page; a lost report is the price.
  });
}

export const browserEnvironment: AnalyticsEnvironment = {
  consent: consentNow,
  dataLayer: () => dataLayer(),
  send: sendInBackground,
  pagePath: currentPagePath,
  now: () => new Date(),
  schedule: (callback, delayMs) => {
    const timer = window.setTimeout(callback, delayMs);
    return () => window.clearTimeout(timer);
  },
  logError: (...values) => console.error(...values),
};

/** The page's one analytics client, loaded by analytics.ts when it first has work for it. */
export const analytics = new AnalyticsClient(browserEnvironment);
