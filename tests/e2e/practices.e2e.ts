import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { DIRECTORY_MODERATION_PATH, DIRECTORY_PATH } from '~core/practices';
import { signInAs } from '~tests/support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/practices';
const CREATE_PATH = '/0/partners/create-account';
const MANAGE_PATH = '/s/partners/manage-advisor-directory';
const PRACTICE = 'Bondi Ledger Co';
const OWNER_EMAIL = 'ruby.ward@example.com';

/*
 * A new partner creates a practice and lists it; the demo admin approves the listing; a guest
 * finds it by postcode and writes to it; the practice reads the lead. On SQLite, or on
 * PostgreSQL in the browser suites' PostgreSQL phase.
 */
describeInBrowser('practices and the advisor directory in a browser', () => {
  let portal: PortalUnderTest;
  let owner: Page;

  const startedPortal = useOwnPortal({
    SIGN_IN_RATE_LIMIT: '200',
  });
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
    const session = await signInAs(
      portal.database,
      {
        subject: 'e2e-practice-owner',
        firstName: 'Ruby',
        lastName: 'Ward',
        email: OWNER_EMAIL,
        isPartner: true,
        market: 'AU',
      },
      portal.config,
      portal.clock,
    );
    owner = await pages.newPage({ session });
  });

  async function pictures(page: Page, name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('creates a practice: a wrong ABN is refused at its field, with what was typed kept', async () => {
    await owner.goto(`${portal.baseUrl}${CREATE_PATH}`);
    await owner.getByLabel('Practice name').fill(PRACTICE);
    await owner.getByLabel('Country of registration').selectOption('AU');
    await owner.getByLabel('Business registration number').fill('53 004 085 617');
    await owner.getByLabel('Street address').fill('12 Campbell Parade');
    await owner.getByLabel('Town or city').fill('Sydney');
    await owner.getByLabel('Postcode').fill('2026');
    await owner.getByRole('checkbox', { name: 'Bookkeeping', exact: true }).check();
    await owner.getByRole('button', { name: 'Create the practice' }).click();
    const number = owner.getByLabel('Business registration number');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => owner.getByRole('alert').first().textContent())
      .toContain('check digits');
    expect(await owner.getByLabel('Practice name').inputValue()).toBe(PRACTICE);
    await expectNoSeriousAxeViolations(owner, 'create a practice, refused');
    await pictures(owner, 'create-account');

    await number.fill('53 004 085 616');
    await owner.getByRole('button', { name: 'Create the practice' }).click();
    await owner.waitForURL((url) => url.pathname === MANAGE_PATH);
    await expect.poll(() => owner.getByText(PRACTICE).first().isVisible()).toBe(true);
  });

  it('fills in the listing, checks its hours and sends it to a moderator', async () => {
    await owner
      .getByLabel('Description')
      .fill('We look after the **books and payroll** of cafés and shops around Bondi.');
    await owner.getByRole('checkbox', { name: 'Payroll', exact: true }).check();
    await owner.getByLabel('Monday opens').first().fill('09:00');
    await owner.getByLabel('Monday closes').first().fill('25:00');
    await owner.getByRole('button', { name: 'Save the draft' }).click();
    const closes = owner.getByLabel('Monday closes').first();
    await expect.poll(() => closes.getAttribute('aria-invalid')).toBe('true');
    expect(await owner.getByLabel('Description').inputValue()).toContain('Bondi');
    await closes.fill('17:00');
    await owner.getByRole('button', { name: 'Save the draft' }).click();
    await expect.poll(() => owner.getByText('Saved.').isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(owner, 'manage the listing');
    await pictures(owner, 'manage-listing');
    await owner.getByRole('button', { name: 'Publish the listing' }).click();
    await expect.poll(() => owner.getByText('Sent to a moderator').first().isVisible()).toBe(true);
  });

  it('is approved by the demo admin from the moderation queue', async () => {
    const admin = await pages.signedInAs('Alex Morgan', DIRECTORY_MODERATION_PATH);
    await expectNoSeriousAxeViolations(admin, 'moderation queue');
    await pictures(admin, 'moderation');
    await admin.getByRole('button', { name: `Approve the listing of ${PRACTICE}` }).click();
    await expect.poll(() => admin.getByText('Approved.').isVisible()).toBe(true);
    await waitForMail(portal.dataDir, OWNER_EMAIL, 'is listed in the advisor directory');
  });

  it('is found by a guest by postcode, who writes to it by keyboard', async () => {
    const guest = await pages.newPage();
    await guest.goto(`${portal.baseUrl}${DIRECTORY_PATH}`);
    await guest.getByLabel('Postcode or town').fill('2000');
    await pressByKeyboard(guest, 'Find advisors');
    await guest.waitForURL((url) => url.searchParams.get('place') === '2000');
    const heading = guest.getByRole('heading', { level: 2 }).first();
    await expect.poll(() => heading.textContent()).toContain('within 50 km of 2000, Sydney');
    const card = guest.getByRole('link', { name: PRACTICE });
    await expect.poll(() => card.isVisible()).toBe(true);
    const canonical = await guest.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toContain(`${DIRECTORY_PATH}?place=2000`);
    await expectNoSeriousAxeViolations(guest, 'directory results');
    await pictures(guest, 'directory');
    // A suburb's code finds the same advisors, measured from its city's centre, and says so.
    await guest.getByLabel('Postcode or town').fill('2150');
    await pressByKeyboard(guest, 'Find advisors');
    await guest.waitForURL((url) => url.searchParams.get('place') === '2150');
    await expect.poll(() => heading.textContent()).toContain('of 2150, Sydney area');
    await expect
      .poll(() => guest.getByText(/km from the centre of Sydney/).count())
      .toBeGreaterThan(0);
    await expect.poll(() => card.isVisible()).toBe(true);

    await card.click();
    await guest.waitForURL((url) => url.pathname.startsWith(`${DIRECTORY_PATH}/`));
    const jsonLd = JSON.parse(
      (await guest.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'AccountingService', name: PRACTICE });
    await guest.getByLabel('Your name').first().fill('Ava Brown');
    await guest.getByLabel('Your e-mail address').fill('ava@example');
    await guest
      .getByLabel('How can they help?')
      .fill('Could you take on our café’s books from January?');
    await pressByKeyboard(guest, 'Send your message');
    const email = guest.getByLabel('Your e-mail address');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('ava@example.com');
    await pressByKeyboard(guest, 'Send your message');
    await expect.poll(() => guest.getByText('your message is on its way').isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(guest, 'listing page');
    await pictures(guest, 'listing');
    await waitForMail(portal.dataDir, OWNER_EMAIL, 'New enquiry from Ava Brown');
  });

  it('shows the practice its lead on the manage page', async () => {
    await owner.goto(`${portal.baseUrl}${MANAGE_PATH}`);
    await expect
      .poll(() => owner.getByText('Could you take on our café’s books').isVisible())
      .toBe(true);
    await expect.poll(() => owner.getByText('Published: visitors find it').isVisible()).toBe(true);
  });
});
