import { parseConsentCookie, type ConsentState } from '~core/analytics';
import { AnalyticsClient, type AnalyticsEnvironment } from './analytics-client.ts';

export const STATISTICS = parseConsentCookie('{"statistics":true}');

/** A page in miniature: what was sent, pushed and logged, and a clock the test moves. */
export function fakePage(consent: ConsentState = STATISTICS) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  const layer: unknown[] = [];
  const logged: unknown[] = [];
  const timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = [];
  let time = Date.parse('2026-11-21T10:00:00.000Z');
  const state = { consent };
  const environment: AnalyticsEnvironment = {
    consent: () => state.consent,
    dataLayer: () => layer,
    send: (url, body) => sent.push({ url, body: JSON.parse(body) as Record<string, unknown> }),
    pagePath: () => '/0/search?q=bank',
    now: () => new Date(time),
    schedule: (callback, delayMs) => {
      const timer = { at: time + delayMs, callback, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    logError: (...values) => logged.push(...values),
  };
  return {
    client: new AnalyticsClient(environment),
    sent,
    layer,
    logged,
    state,
    advance(ms: number) {
      time += ms;
      for (const timer of timers.splice(0)) {
        if (timer.cancelled) continue;
        if (timer.at <= time) timer.callback();
        else timers.push(timer);
      }
    },
  };
}
