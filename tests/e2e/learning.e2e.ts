import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import { WATCH_RECORDING } from '~core/learning';
import { testConfig } from '../support/config.ts';
import { signInAs } from '../support/sessions.ts';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useDemoPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = process.env.LEARNING_SHOTS ?? 'test-results/screenshots';
const REGION_COOKIE = 'LLREGION';
const CLASSROOM = 'Ledgerleaf Accounting in a day';

describeInBrowser('the learning area in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let database: PortalDatabase;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const startedPortal = useDemoPortal();
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    // The demo catalogue of content/learning is imported at first start.
    portal = startedPortal();
    database = portal.database;
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    expect(problems).toEqual([]);
  });

  async function newContext(
    options: { region?: string; timezoneId?: string; width?: number; cookie?: string } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    contexts.push(context);
    if (options.region) {
      await context.addCookies([
        { name: REGION_COOKIE, value: options.region, url: portal.baseUrl },
      ]);
    }
    if (options.cookie) {
      const [name, value] = options.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: portal.baseUrl, httpOnly: true }]);
    }
    return context;
  }

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`${path}: ${error.message}`));
    await page.goto(`${portal.baseUrl}${path}`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
    return page;
  }

  function upcomingSection(page: Page) {
    return page.locator('section', {
      has: page.getByRole('heading', { name: 'Upcoming', exact: true }),
    });
  }

  function classroomCard(page: Page) {
    return page.locator('article', { has: page.getByRole('heading', { name: CLASSROOM }) }).first();
  }

  it("shows an in-person classroom's next class date for the visitor's region", async () => {
    const uk = await open(await newContext({ region: 'UK' }), '/0/learning');
    await expect.poll(() => classroomCard(uk).textContent()).toContain('Next class: Feb 16, 2027');
    const card = classroomCard(uk);
    expect(await card.getByRole('link', { name: 'Register now' }).getAttribute('href')).toBe(
      'https://learn.ledgerleaf.example/student/activity/LL-R-601',
    );
    expect(await card.textContent()).toContain('In-person classroom');
    const au = await open(await newContext({ region: 'AU' }), '/0/learning');
    await expect.poll(() => classroomCard(au).textContent()).toContain('Next class: Feb 09, 2027');
  });

  it('finds learning items on the learning search page, with the region’s next class date', async () => {
    const page = await open(
      await newContext({ region: 'UK' }),
      '/0/learning-search#q=accounting%20in%20a%20day',
    );
    await expect
      .poll(() => classroomCard(page).textContent(), { timeout: 10_000 })
      .toContain('Next class: Feb 16, 2027');
  });

  it("shows webinar times in the visitor's time zone", async () => {
    const path = '/0/webinars-events?region=UK&format=webinar';
    const session = (page: Page) =>
      upcomingSection(page).locator('article', {
        has: page.getByRole('heading', { name: "What's new in Ledgerleaf this quarter" }),
      });
    const tokyo = await open(await newContext({ timezoneId: 'Asia/Tokyo' }), path);
    // 14:00 in London on 3 February 2027 is 23:00 in Tokyo.
    await expect
      .poll(() => session(tokyo).locator('time').textContent())
      .toBe('Wed, Feb 03, 2027, 11:00 PM GMT+9');
    const angeles = await open(await newContext({ timezoneId: 'America/Los_Angeles' }), path);
    await expect
      .poll(() => session(angeles).locator('time').textContent())
      .toBe('Wed, Feb 03, 2027, 6:00 AM PST');
    expect(
      await session(angeles).getByRole('link', { name: 'Register now' }).getAttribute('href'),
    ).toBe('https://learn.ledgerleaf.example/student/activity/LL-W-401');
  });

  it("offers a recording's page, never 'Register now', for items on demand", async () => {
    const page = await open(await newContext(), '/0/webinars-events');
    const onDemand = page.locator('section', {
      has: page.getByRole('heading', { name: 'On demand', exact: true }),
    });
    const cards = onDemand.locator('article');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await onDemand.getByRole('link', { name: 'Register now' }).count()).toBe(0);
    const watch = onDemand.getByRole('link', { name: WATCH_RECORDING });
    expect(await watch.count()).toBe(await cards.count());
    for (const href of await watch.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    )) {
      expect(href).toMatch(/^https:\/\/learn\.ledgerleaf\.example\//);
    }
    // Each link names its recording for screen readers.
    const first = watch.first();
    const title = await cards.first().getByRole('heading').textContent();
    expect(await first.evaluate((link) => link.getAttribute('aria-describedby'))).toBeTruthy();
    expect(
      await first.evaluate(
        (link) => document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe(title);
  });

  it('filters sessions by region and format', async () => {
    const page = await open(await newContext(), '/0/webinars-events');
    const filters = page.getByRole('form', { name: 'Filter sessions' });
    await filters.getByLabel('Region').selectOption('AU');
    await filters.getByLabel('Format').selectOption('classroom');
    await filters.getByRole('button', { name: 'Show sessions' }).click();
    await page.waitForURL(/region=AU&format=classroom/);
    const upcoming = upcomingSection(page);
    // The address changes when the navigation starts; the filtered list comes with its data.
    const kinds = () => upcoming.locator('article > p:first-child').allTextContents();
    await expect.poll(async () => new Set(await kinds())).toEqual(new Set(['In-person classroom']));
    const regions = await upcoming.locator('article li:nth-child(3)').allTextContents();
    expect(new Set(regions)).toEqual(new Set(['Australia']));
  });

  it('offers each session as an .ics file that a calendar parser reads', async () => {
    const page = await open(await newContext(), '/0/webinars-events?region=UK&format=webinar');
    const link = upcomingSection(page)
      .locator('article', {
        has: page.getByRole('heading', { name: "What's new in Ledgerleaf this quarter" }),
      })
      .getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(await link.getAttribute('download')).not.toBeNull();
    const response = await page.request.get(`${portal.baseUrl}${await link.getAttribute('href')}`);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe("What's new in Ledgerleaf this quarter");
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-02-03T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-02-03T15:00:00.000Z');
    expect(event.uid).toMatch(/@/);
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    );
  });

  it('shows certifications to their owner, an inviting empty state, and asks guests to sign in', async () => {
    const guest = await open(await newContext(), '/s/certifications');
    await expect
      .poll(() =>
        guest.getByRole('heading', { name: 'Sign in to see your certifications' }).count(),
      )
      .toBe(1);
    const owner = await signInAs(database, 'demo-partner-primary', testConfig());
    const mine = await open(await newContext({ cookie: owner.cookie }), '/s/certifications');
    const names = await mine.locator('main article h2').allTextContents();
    expect(names).toEqual(['Ledgerleaf certified advisor', 'Ledgerleaf Payroll certified']);
    expect(await mine.locator('main').textContent()).toContain('Expired Aug 02, 2026');
    const newcomer = await signInAs(database, 'demo-customer', testConfig());
    const none = await open(await newContext({ cookie: newcomer.cookie }), '/s/certifications');
    expect(await none.getByRole('heading', { name: 'Earn your first certification' }).count()).toBe(
      1,
    );
  });

  const AXE_PAGES = [
    { name: 'learning', path: '/0/learning', signedIn: false },
    { name: 'webinars-events', path: '/0/webinars-events', signedIn: false },
    { name: 'certifications-guest', path: '/s/certifications', signedIn: false },
    { name: 'certifications', path: '/s/certifications', signedIn: true },
  ];
  for (const { name, path, signedIn } of AXE_PAGES) {
    for (const width of [375, 1280]) {
      it(`has no serious or critical axe violations on ${name} at ${width} px`, async () => {
        const cookie = signedIn
          ? (await signInAs(database, 'demo-partner-principal', testConfig())).cookie
          : undefined;
        const page = await open(await newContext({ width, region: 'UK', cookie }), path);
        await page.screenshot({
          path: join(SCREENSHOTS, `learning-${name}-${width}.png`),
          fullPage: true,
        });
        const results = await axeResultsOf(page);
        const serious = results.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      });
    }
  }
});
