import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { SignedInSession } from '~tests/support/sessions.ts';
import { useBrowser } from './browser.ts';
import type { PortalUnderTest } from './portal.ts';

/** A choice already made, so the cookie banner stays out of a suite's pages and screenshots. */
const CONSENT_CHOSEN = encodeURIComponent('{"statistics":false,"ver":1}');

export interface PageOptions {
  width?: number;
  javaScriptEnabled?: boolean;
  /** A session made by signInAs: the page starts signed in as that user. */
  session?: SignedInSession;
  /** Leave the cookie banner of a first visit in place. */
  withBanner?: boolean;
  /** The browser's language and time zone, for pages that show times or regions. */
  locale?: string;
  timezoneId?: string;
}

export interface SuitePages {
  /** A page in a context of its own (without the cookie banner unless asked); closed after the suite. */
  newPage(options?: PageOptions): Promise<Page>;
  /** A page signed in through the built-in provider's "Sign in as {name}", landing on startUrl. */
  signedInAs(name: string, startUrl: string, width?: number): Promise<Page>;
}

/**
 * The browser side of a suite: pages in contexts of their own, every page error collected and
 * failing the test it happened in, and the contexts closed after the suite.
 */
export function useSuitePages(startedPortal: () => PortalUnderTest): SuitePages {
  const workerBrowser = useBrowser();
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let portal: PortalUnderTest;
  beforeAll(() => {
    portal = startedPortal();
  });
  // The contexts a test opened: when it fails, where each of its pages stood is printed
  // (CI repeats these lines at the end of its log, so a failure there says what the page showed).
  let ofThisTest: BrowserContext[] = [];
  beforeEach(({ onTestFailed }) => {
    ofThisTest = [];
    onTestFailed(async () => {
      for (const page of ofThisTest.flatMap((context) => context.pages()))
        console.error(`Page at failure: ${await whereThePageStands(page)}`);
    });
  });
  afterEach(() => {
    expect(problems, 'no page errors').toEqual([]);
    problems.length = 0;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function newPage(options: PageOptions = {}): Promise<Page> {
    const context = await workerBrowser().newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    contexts.push(context);
    ofThisTest.push(context);
    const sessionCookies = (options.session?.cookie.split('; ') ?? []).map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name ?? '', value: value.join('='), url: portal.baseUrl };
    });
    const consent = options.withBanner
      ? []
      : [{ name: 'CookieConsent', value: CONSENT_CHOSEN, url: portal.baseUrl }];
    await context.addCookies([...consent, ...sessionCookies]);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    followRequests(page);
    return page;
  }

  async function signedInAs(name: string, startUrl: string, width = 1280): Promise<Page> {
    const page = await newPage({ width, withBanner: true });
    await page.goto(
      `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent(startUrl)}`,
    );
    await page.getByRole('button', { name: `Sign in as ${name}` }).click();
    await page.waitForURL((url) => url.pathname === startUrl.split(/[?#]/)[0]);
    return page;
  }

  return { newPage, signedInAs };
}

/** Each page's requests under way, and its last answers: what a failed test's page waited on. */
const requestsOf = new WeakMap<Page, { pending: Map<Request, number>; answered: string[] }>();

function followRequests(page: Page): void {
  const pending = new Map<Request, number>();
  const answered: string[] = [];
  requestsOf.set(page, { pending, answered });
  const remember = (request: Request, outcome: string) => {
    answered.push(`${request.method()} ${new URL(request.url()).pathname} ${outcome}`);
    answered.splice(0, answered.length - 4);
  };
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    remember(request, `failed (${request.failure()?.errorText ?? ''})`);
  });
  page.on('requestfinished', (request) => {
    const took = Date.now() - (pending.get(request) ?? Date.now());
    pending.delete(request);
    // A test may close its page while the answer is still being read: then it is not known.
    void request.response().then(
      (response) => remember(request, `${response?.status() ?? '?'} in ${took} ms`),
      () => remember(request, `answered in ${took} ms, the page closed before it was read`),
    );
  });
}

function requestReport(page: Page): string {
  const requests = requestsOf.get(page);
  if (!requests) return '';
  const now = Date.now();
  const waiting = [...requests.pending].map(
    ([request, started]) =>
      `${request.method()} ${new URL(request.url()).pathname} for ${now - started} ms`,
  );
  return ` || under way: ${waiting.join(', ') || 'nothing'} || last answers: ${requests.answered.join(', ')}`;
}

/**
 * A page's address, what shows of its headings, alerts and disabled buttons (a form still
 * sending), and its requests under way and last answers, on one line; never throws (the page
 * may be gone).
 */
async function whereThePageStands(page: Page): Promise<string> {
  const seen = await page
    .evaluate(() =>
      [...document.querySelectorAll('h1, h2, [role="alert"], button:disabled')]
        .filter((element) => element.checkVisibility())
        .map((element) => `${element.localName} ${element.textContent?.trim() ?? ''}`)
        .join(' | '),
    )
    .catch((error: unknown) => `(unreadable: ${String(error).split('\n')[0]})`);
  return `${page.url()} ${seen.replace(/\s+/g, ' ').slice(0, 400)}${requestReport(page)}`;
}

/**
 * What axe finds on the page as it is now. It runs in legacy mode, `axe.run` in the page itself:
 * the default runs axe in each frame and then finishes in a blank page it opens, which took twice
 * as long per check. What legacy mode leaves out is the inside of frames from another origin;
 * the portal's only frames are an article's embedded videos, whose insides are the video site's.
 */
export function axeResultsOf(page: Page): ReturnType<AxeBuilder['analyze']> {
  return new AxeBuilder({ page }).setLegacyMode().analyze();
}

/** axe finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const axe = await axeResultsOf(page);
  const serious = axe.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious, label).toEqual([]);
}

/** Presses Tab until the element with this text has the focus, then Enter: as a keyboard user. */
export async function pressByKeyboard(page: Page, name: string): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`could not reach ${name} with the keyboard`);
}

/**
 * Waits until React has hydrated the focused element: a key pressed before then reaches the
 * server's HTML (a form submitted natively), not the component.
 */
export async function waitForHydratedFocus(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const focused = document.activeElement;
    return focused !== null && Object.keys(focused).some((key) => key.startsWith('__reactProps'));
  });
}
