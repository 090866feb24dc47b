import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { redeemReward } from '~server/modules/partners';
import { signInAs } from '~tests/support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'docs/screenshots';
const PARTNER_EMAIL = 'mia.chen@example.com';

/*
 * An admin runs the partner programme from its admin pages and a partner sees the changes: a
 * tier threshold, an adjustment of points, redemptions fulfilled and cancelled, a job offered,
 * a challenge added by keyboard, a resource added to the library and a file uploaded for one,
 * which a partner downloads as an attachment.
 */
describeInBrowser('the partner programme administration in a browser', () => {
  let portal: PortalUnderTest;
  let admin: Page;
  let partner: Page;
  let partnerId: string;

  const startedPortal = useOwnPortal();
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
    const adminSession = await signInAs(
      portal.database,
      { subject: 'e2e-programme-admin', firstName: 'Ada', canViewSetup: true },
      portal.config,
      portal.clock,
    );
    const partnerSession = await signInAs(
      portal.database,
      {
        subject: 'e2e-admin-partner',
        firstName: 'Mia',
        lastName: 'Chen',
        email: PARTNER_EMAIL,
        isPartner: true,
        isPrimaryContact: true,
        market: 'AU',
      },
      portal.config,
      portal.clock,
    );
    partnerId = partnerSession.user.id;
    admin = await pages.newPage({ session: adminSession });
    partner = await pages.newPage({ session: partnerSession });
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;

  /** Opens an admin page and waits for it to hydrate, so its forms send as the browser's. */
  async function open(path: string): Promise<void> {
    await admin.goto(url(path));
    await admin.waitForFunction(() => '__reactRouterRouteModules' in window);
  }

  /** axe finds nothing serious at both widths, and the page is photographed at each. */
  async function checkBothWidths(page: Page, name: string): Promise<void> {
    await expectNoSeriousAxeViolations(page, `${name} at 1280`);
    await page.screenshot({
      path: `${SCREENSHOTS}/partner-admin-${name}-1280.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousAxeViolations(page, `${name} at 375`);
    await page.screenshot({ path: `${SCREENSHOTS}/partner-admin-${name}-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

  const ledgerCells = (text: string) =>
    partner.locator('#partner-program-points').getByRole('cell', { name: text, exact: true });

  it('answers anyone but an admin with a page that is not there', async () => {
    const response = await partner.goto(url('/admin/partners'));
    expect(response?.status()).toBe(404);
  });

  it('adjusts a partner’s points once, however often the button is pressed', async () => {
    await open('/admin/partners/points');
    await admin.getByLabel('Partner’s e-mail address').fill(PARTNER_EMAIL);
    await textbox(admin, 'Points').fill('100');
    await admin.getByLabel('Reason').fill('Spoke at the partner summit');
    await admin.getByRole('button', { name: 'Adjust points' }).dblclick();
    await expect.poll(() => admin.getByText(/^Adjusted by 100 points/).count()).toBe(1);
    await checkBothWidths(admin, 'points');
    await partner.goto(url('/0/partners/account'));
    expect(await ledgerCells('Adjusted: Spoke at the partner summit').count()).toBe(1);
  });

  it('refuses a deduction the balance does not cover, keeping what was typed', async () => {
    await open('/admin/partners/points');
    await admin.getByLabel('Partner’s e-mail address').fill(PARTNER_EMAIL);
    await textbox(admin, 'Points').fill('-5000');
    await admin.getByLabel('Reason').fill('Too much');
    await admin.getByRole('button', { name: 'Adjust points' }).click();
    await expect
      .poll(() => admin.getByText('The partner does not have that many points to take.').count())
      .toBe(1);
    expect(await textbox(admin, 'Points').inputValue()).toBe('-5000');
  });

  it('moves a tier threshold, and the partner sees what is missing against it', async () => {
    await open('/admin/partners');
    await checkBothWidths(admin, 'programme');
    const bronze = admin.getByRole('form', { name: 'Bronze threshold' });
    await bronze.getByLabel('Bronze threshold in points').fill('600');
    await bronze.getByRole('button', { name: 'Save the Bronze threshold' }).click();
    await expect
      .poll(() => admin.getByRole('heading', { name: 'Bronze: from 600 points' }).count())
      .toBe(1);
    await partner.goto(url('/0/partners/account'));
    expect(await partner.getByText('500 more tier points to Bronze (from 600)').count()).toBe(1);
  });

  it('fulfils one redemption and cancels another, the points coming back once', async () => {
    await open('/admin/partners/rewards');
    await admin.getByRole('form', { name: 'Add a reward' }).getByLabel('Name').fill('Desk plant');
    const adding = admin.getByRole('form', { name: 'Add a reward' });
    await adding.getByRole('textbox', { name: 'Points', exact: true }).fill('30');
    await adding.getByLabel('Stock').fill('5');
    await adding.getByLabel('Description').fill('A small plant for the office desk.');
    await adding.getByRole('button', { name: 'Add reward' }).click();
    await expect.poll(() => admin.getByRole('heading', { name: 'Desk plant' }).count()).toBe(1);
    // The edit form is folded away; its hidden field names the reward.
    const rewardId = await admin
      .locator('form[aria-label="Edit Desk plant"] input[name="rewardId"]')
      .inputValue();
    for (const key of ['first', 'second']) {
      const result = await redeemReward(portal.database.db, {
        userId: partnerId,
        email: PARTNER_EMAIL,
        rewardId,
        requestKey: key,
        at: portal.clock.now(),
      });
      expect(result.ok).toBe(true);
    }
    await open('/admin/partners/rewards');
    await checkBothWidths(admin, 'rewards');
    const forMia = 'Desk plant for Mia Chen';
    await admin
      .getByRole('button', { name: `Mark ${forMia} as fulfilled` })
      .first()
      .click();
    await expect.poll(() => admin.getByText('Marked as fulfilled.').count()).toBe(1);
    await expect.poll(() => admin.getByRole('heading', { name: forMia }).count()).toBe(1);
    await admin.getByRole('button', { name: `Cancel ${forMia} and return the points` }).dblclick();
    await expect
      .poll(() =>
        admin
          .getByText('Cancelled; any points spent on it are back in the partner’s balance.')
          .count(),
      )
      .toBe(1);
    await expect.poll(() => admin.getByRole('heading', { name: forMia }).count()).toBe(0);
    await partner.goto(url('/0/partners/account'));
    expect(await ledgerCells('Reward cancelled, points returned: Desk plant').count()).toBe(1);
    expect(await ledgerCells('Reward redeemed: Desk plant').count()).toBe(2);
    await partner.goto(url('/0/partners/challenges-and-rewards'));
    expect(await partner.getByText('Cancelled, points returned').count()).toBe(1);
    expect(await partner.getByText('On its way').count()).toBe(1);
  });

  it('offers a managed-service job that partners see on their dashboard', async () => {
    await open('/admin/partners/service-jobs');
    await admin.getByLabel('Title').fill('Move Harbour Café off spreadsheets');
    await admin.getByLabel('Kind').selectOption('migration');
    await admin.getByLabel('Client’s name').fill('Harbour Café');
    await admin.getByLabel('Client’s e-mail address').fill('owner@harbour.example');
    await admin.getByLabel('What the job is').fill('Three years of books into the ledger.');
    await admin.getByRole('button', { name: 'Offer job' }).dblclick();
    await expect
      .poll(() => admin.getByText('Job offered to every partner practice.').count())
      .toBe(1);
    // Once on the list, however often the button was pressed.
    await expect
      .poll(() => admin.getByRole('cell', { name: 'Move Harbour Café off spreadsheets' }).count())
      .toBe(1);
    await checkBothWidths(admin, 'service-jobs');
    await partner.goto(url('/0/partners'));
    expect(await partner.getByText('Move Harbour Café off spreadsheets').count()).toBe(1);
  });

  /** Presses Tab until the focus is on an element the selector matches, as a keyboard user. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let step = 0; step < 300; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted), selector))
        return;
    }
    throw new Error(`could not reach ${selector} with the keyboard`);
  }

  it('adds a challenge by keyboard that partners then see, refusing a last day before the first', async () => {
    await open('/admin/partners/challenges');
    const today = portal.clock.now().toISOString().slice(0, 10);
    const form = 'form[aria-label="Add a challenge"]';
    await tabTo(admin, `${form} input[name="name"]`);
    // Name, what it counts (left at its first choice), target, points, reward (none), first and
    // last day.
    for (const text of ['Certified this season', '', '2', '120', '', today, '2000-01-01']) {
      if (text !== '') await admin.keyboard.type(text);
      await admin.keyboard.press('Tab');
    }
    await admin.keyboard.type('Pass two certifications before the season ends.');
    await tabTo(admin, `${form} button[type="submit"]`);
    await admin.keyboard.press('Enter');
    await expect
      .poll(() => admin.getByText('The last day must be on or after the first day.').count())
      .toBe(1);
    const adding = admin.getByRole('form', { name: 'Add a challenge' });
    expect(await adding.getByLabel('Name').inputValue()).toBe('Certified this season');
    await tabTo(admin, `${form} input[name="endsOn"]`);
    await admin.keyboard.press('ControlOrMeta+A');
    await admin.keyboard.type('2099-12-31');
    await tabTo(admin, `${form} button[type="submit"]`);
    await admin.keyboard.press('Enter');
    await expect
      .poll(() => admin.getByRole('heading', { name: 'Certified this season' }).count())
      .toBe(1);
    expect(await admin.getByText('0 joined · 0 completed').count()).toBeGreaterThan(0);
    await checkBothWidths(admin, 'challenges');
    await partner.goto(url('/0/partners/challenges'));
    expect(await partner.getByText('Certified this season').count()).toBeGreaterThan(0);
  });

  it('shows the onboarding steps and resources pages, and a new resource reaches the library', async () => {
    await open('/admin/partners/onboarding');
    await checkBothWidths(admin, 'onboarding');
    // The rules' region only: an onboarding step may have a rule's name.
    const rules = admin.getByRole('region', { name: 'Suggested steps' });
    const ruleNames = () => rules.locator('li h3').allTextContents();
    const [top, second] = await ruleNames();
    const moveUp = rules.getByRole('button', { name: `Move up: ${second}` });
    await moveUp.focus();
    await admin.keyboard.press('Enter');
    await expect.poll(async () => (await ruleNames()).slice(0, 2)).toEqual([second, top]);
    await open('/admin/partners/resources');
    const adding = admin.getByRole('form', { name: 'Add a resource' });
    await adding.getByLabel('Title').fill('Year-end checklist');
    await adding.getByLabel('Product').fill('Accounting');
    await adding
      .getByLabel('Link (optional)', { exact: true })
      .fill('/resource/partners/stock-count-template.csv');
    await adding.getByLabel('Summary').fill('What to check before the year closes.');
    await adding.getByRole('button', { name: 'Add resource' }).dblclick();
    await expect
      .poll(() => admin.getByRole('heading', { name: 'Year-end checklist' }).count())
      .toBe(1);
    await checkBothWidths(admin, 'resources');
    await partner.goto(url('/0/partners/resources'));
    expect(await partner.getByText('Year-end checklist').count()).toBeGreaterThan(0);
  });

  it('uploads a resource’s file, which a partner of its tier downloads as an attachment', async () => {
    const checklist = 'Account,Checked\nBank,yes\nPayroll,yes\n';
    await open('/admin/partners/resources');
    const adding = admin.getByRole('form', { name: 'Add a resource' });
    await adding.getByLabel('Title').fill('Quarter-end checklist');
    await adding.getByLabel('Product').fill('Accounting');
    await adding.getByLabel('Or upload a file').setInputFiles({
      name: 'quarter-end.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(checklist),
    });
    await adding.getByLabel('Summary').fill('The accounts to reconcile before a quarter closes.');
    await adding.getByRole('button', { name: 'Add resource' }).click();
    await expect
      .poll(() => admin.getByRole('heading', { name: 'Quarter-end checklist' }).count())
      .toBe(1);
    expect(await admin.getByText(/· file quarter-end\.csv \(/).count()).toBe(1);

    await partner.goto(url('/0/partners/resources'));
    const opener = partner.getByRole('link', { name: 'Open Quarter-end checklist' });
    const href = (await opener.getAttribute('href')) ?? '';
    const download = await partner.context().request.get(url(href));
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment;.*quarter-end\.csv/);
    expect(download.headers()['x-content-type-options']).toBe('nosniff');
    expect(await download.text()).toBe(checklist);
    // A guest is sent to the programme's page, never the file.
    const guest = await pages.newPage();
    const refused = await guest.context().request.get(url(href), { maxRedirects: 0 });
    expect(refused.status()).toBe(303);
    expect(await refused.text()).not.toContain('Payroll,yes');
  });
});
