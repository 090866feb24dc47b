import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import { testConfig } from '../support/config.ts';
import { signInAs } from '../support/sessions.ts';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useDemoPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = 'test-results/screenshots';
const BRAND = 'Ledgerleaf';
const PARTNER_CTA = 'Access exclusive partner benefits';
const UPDATE_ACCOUNT_CARD = `Get more out of your ${BRAND} partner experience`;
const SIGN_IN_CARD = `Sign in to get the most out of ${BRAND} support`;
const ADMIN_NOTICE = 'Hidden section (This message is only visible to Admins)';

type Role = 'guest' | 'demo-partner-primary' | 'demo-admin';

describeInBrowser('the home page and its blocks in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let database: PortalDatabase;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const cookies = new Map<Role, { name: string; value: string }>();

  const startedPortal = useDemoPortal();
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    portal = startedPortal();
    // The portal has migrated the file and seeded the demo accounts by now.
    database = portal.database;
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  beforeEach(() => {
    problems.length = 0;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A session for a demo account, as the built-in sign-in would make it. */
  async function cookieFor(role: Exclude<Role, 'guest'>) {
    let cookie = cookies.get(role);
    if (!cookie) {
      const signedIn = await signInAs(database, role, testConfig({ SITE_URL: portal.baseUrl }));
      const [name, value] = signedIn.cookie.split('=') as [string, string];
      cookie = { name, value };
      cookies.set(role, cookie);
    }
    return cookie;
  }

  async function newContext(role: Role, width = 1280): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    if (role !== 'guest') {
      const { name, value } = await cookieFor(role);
      await context.addCookies([{ name, value, url: portal.baseUrl, httpOnly: true }]);
    }
    return context;
  }

  async function openHome(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      const url = response.url();
      // The partner classes answer 403 to those outside the programme (an admin who reveals the
      // partner section, say), which the page expects.
      const expected =
        response.status() === 403 && /_(?:PartnerController|CustomerTaskController)\//.test(url);
      if (response.status() >= 400 && !expected) problems.push(`${response.status()} ${url}`);
    });
    await page.goto(`${portal.baseUrl}/0/`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
    return page;
  }

  const main = (page: Page) => page.getByRole('main');
  const recommendationLists = (page: Page) =>
    main(page).locator('section[aria-labelledby] ol[aria-label]');

  async function recommendationsLoaded(page: Page) {
    await expect.poll(() => recommendationLists(page).count(), { timeout: 15_000 }).toBe(4);
  }

  async function checkAxeAndShoot(page: Page, name: string) {
    await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
    const report = await axeResultsOf(page);
    const serious = report.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
    ).toEqual([]);
  }

  it('shows a guest the blocks, texts and links of spec 2.4 in order, and no partner blocks', async () => {
    const page = await openHome(await newContext('guest'));
    await recommendationsLoaded(page);

    const hero = page.getByRole('heading', { level: 1 });
    expect(await hero.textContent()).toBe(`Get expert help using ${BRAND}, any time you need it`);
    expect(
      await page.getByRole('combobox', { name: `Search ${BRAND}` }).getAttribute('placeholder'),
    ).toBe('Search support, learning, and discussions');
    expect(await page.locator('img[src="/img/hero_images/support.svg"]').count()).toBe(1);

    // No partner blocks for a guest; the signed-out card instead, to the SSO start URL.
    for (const text of [
      PARTNER_CTA,
      UPDATE_ACCOUNT_CARD,
      'Continue your partner onboarding',
      ADMIN_NOTICE,
    ]) {
      expect(await page.getByText(text).count(), text).toBe(0);
    }
    const signIn = main(page).getByRole('link', { name: 'Sign in' });
    expect(await signIn.getAttribute('href')).toBe('/services/auth/sso/portal?startURL=%2F0%2F');

    const headings = await main(page)
      .getByRole('heading')
      .evaluateAll((nodes) => nodes.map((node) => `${node.tagName} ${node.textContent}`));
    expect(headings.filter((heading) => !/^H[4-6]/.test(heading) && !/^H3 /.test(heading))).toEqual(
      [
        `H1 Get expert help using ${BRAND}, any time you need it`,
        `H2 ${SIGN_IN_CARD}`,
        'H2 Getting started',
        'H2 Trending',
        `H2 Build your ${BRAND} skills`,
        'H2 Top discussions',
        'H2 Popular topics',
      ],
    );

    const cards = main(page).getByRole('region', { name: 'Getting started' });
    expect(await cards.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      `Get started on ${BRAND} as a small business`,
      `Get started on ${BRAND} as an accountant or bookkeeper`,
    ]);
    expect(
      await cards
        .getByText(`All the information you need to set up and start using ${BRAND}.`)
        .count(),
    ).toBe(1);
    expect(
      await cards
        .getByText(`Sign up to the partner program and get started using ${BRAND}.`)
        .count(),
    ).toBe(1);
    expect(
      await cards
        .getByRole('link', { name: 'Get started' })
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/0/getting-started', '/0/accountants-and-bookkeepers']);

    const links = await main(page)
      .locator('section[aria-labelledby] > div > a')
      .evaluateAll((nodes) =>
        nodes.map((node) => [node.textContent?.trim(), node.getAttribute('href')]),
      );
    expect(links).toEqual([
      [`Learn ${BRAND}`, '/s/learning'],
      [`Join ${BRAND} Community`, '/0/community'],
      ['View all topics', '/s/topiccatalog'],
    ]);
    const counts = await recommendationLists(page).evaluateAll((lists) =>
      lists.map((list) => list.children.length),
    );
    expect(
      counts.every((count) => count === 3),
      `3 results each: ${counts.join(', ')}`,
    ).toBe(true);

    expect(await page.locator('[data-hidden-region]').count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`^${portal.baseUrl}/0/?$`),
    );
    expect(problems).toEqual([]);
  });

  it('shows the AU primary-contact partner the onboarding CTA, partner section and points', async () => {
    const page = await openHome(await newContext('demo-partner-primary'));
    await recommendationsLoaded(page);

    const onboarding = main(page).locator('[data-onboarding-cta="Inner"]');
    expect(await onboarding.getByRole('heading', { level: 2 }).textContent()).toBe(
      'Next up: Set up your practice profile',
    );
    expect(await onboarding.getByText('Step 2 of 5').count()).toBe(1);
    expect(
      await onboarding
        .getByRole('progressbar', { name: 'Onboarding progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('2');
    expect(
      await onboarding.getByRole('img', { name: 'Jordan Ellis, Partner Success Manager' }).count(),
    ).toBe(1);
    expect(
      await onboarding.getByRole('link', { name: 'Continue your partner onboarding' }).count(),
    ).toBe(1);

    const partner = main(page).getByRole('region', { name: 'Partner benefits' });
    await expect.poll(() => partner.getByText('1,525').count()).toBe(1);
    expect(await partner.getByRole('heading', { level: 2 }).textContent()).toBe(PARTNER_CTA);
    expect(
      await partner
        .getByText(
          `Gain access to software, resources and walkthroughs to help your practice get the most out of ${BRAND}.`,
        )
        .count(),
    ).toBe(1);
    expect(
      await partner.getByRole('link', { name: 'Partner dashboard' }).getAttribute('href'),
    ).toBe('/0/partners');
    // Silver starts at 1000 and gold at 2000: 525 of the 1000 points between them (the demo's
    // ledger, with its completed managed-service job).
    const bar = partner.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('525');
    expect(await bar.getAttribute('aria-valuemax')).toBe('1000');
    expect(await partner.getByRole('img', { name: 'Silver tier badge' }).count()).toBe(1);
    expect(
      await partner.getByRole('link', { name: 'Your points and benefits' }).getAttribute('href'),
    ).toBe('/0/partners/account#partner-program-points');

    await expect.poll(() => main(page).getByText(UPDATE_ACCOUNT_CARD).count()).toBe(1);
    expect(await main(page).getByText(SIGN_IN_CARD).count()).toBe(0);

    // In the spec's order: onboarding, partner section, card, getting started, recommendations.
    const order = await main(page).evaluate(
      (element, texts) => texts.map((part) => (element.textContent ?? '').indexOf(part)),
      [
        'Continue your partner onboarding',
        PARTNER_CTA,
        UPDATE_ACCOUNT_CARD,
        'Get started on',
        'Trending',
      ],
    );
    expect(
      order.every((index, at) => index >= 0 && (at === 0 || index > (order[at - 1] ?? 0))),
    ).toBe(true);

    // The new tier is celebrated until acknowledged, which answers the tier data anew.
    expect(await partner.getByText("Congratulations, you've reached Silver tier").count()).toBe(1);
    const acknowledged = page.waitForResponse((response) =>
      response.url().includes('/endCelebratePartnerTier'),
    );
    // After the acknowledgement the tier data is asked for again (the first load came earlier).
    const refetched = page.waitForResponse(
      (response) => response.url().includes('/celebratePartnerTier') && response.ok(),
    );
    await partner.getByRole('button', { name: 'Got it' }).click();
    expect((await acknowledged).status()).toBe(200);
    await refetched;
    await expect.poll(() => partner.getByText(/Congratulations/).count()).toBe(0);
    expect(await partner.getByText('1,525').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("lays the hero's text out the same before its illustration is parsed, so an early paint does not shift it", async () => {
    // A slow browser paints the document half parsed: the hero's text before its illustration.
    for (const width of [375, 800, 1280]) {
      const page = await openHome(await newContext('guest', width));
      const hero = page.locator('section[data-mode="support"]');
      const boxes = () =>
        hero.evaluate((section) =>
          [section, section.querySelector('h1'), section.querySelector('[role="combobox"]')].map(
            (element) => {
              const { x, y, width, height } = element!.getBoundingClientRect();
              return { x, y, width, height };
            },
          ),
        );
      const parsed = await boxes();
      await hero.locator('img').evaluate((illustration) => illustration.remove());
      expect(await boxes(), `${width} px`).toEqual(parsed);
    }
  });

  it('keeps a dismissed card hidden after a reload in the same tab, not in a new browser context', async () => {
    const page = await openHome(await newContext('demo-partner-primary'));
    const card = () => main(page).getByText(UPDATE_ACCOUNT_CARD);
    await expect.poll(() => card().count()).toBe(1);
    await main(page).getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => card().count()).toBe(0);

    await page.reload();
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
    await expect.poll(() => main(page).getByText('1,525').count()).toBe(1);
    expect(await card().count()).toBe(0);

    const other = await openHome(await newContext('demo-partner-primary'));
    await expect.poll(() => main(other).getByText(UPDATE_ACCOUNT_CARD).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("shows an admin the hidden partner section's notice, and 'Edit Section' reveals it", async () => {
    const page = await openHome(await newContext('demo-admin'));
    const notice = main(page).getByText(ADMIN_NOTICE);
    await expect.poll(() => notice.count()).toBe(1);
    expect(await main(page).getByText(PARTNER_CTA).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Edit Section' }).click();
    await expect.poll(() => main(page).getByText(PARTNER_CTA).count()).toBe(1);
    expect(await main(page).getByRole('button', { name: 'Edit Section' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  for (const role of ['guest', 'demo-partner-primary', 'demo-admin'] as const) {
    for (const width of [375, 1280]) {
      it(`has no serious accessibility problems for ${role} at ${width} px`, async () => {
        const page = await openHome(await newContext(role, width));
        await recommendationsLoaded(page);
        if (role === 'demo-partner-primary') {
          await expect.poll(() => main(page).getByText('1,525').count()).toBe(1);
        }
        if (role === 'demo-admin') {
          await expect.poll(() => main(page).getByText(ADMIN_NOTICE).count()).toBe(1);
        }
        await checkAxeAndShoot(page, `home-${role}-${width}`);
        expect(problems).toEqual([]);
      });
    }
  }
});
