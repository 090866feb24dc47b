import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { signInAs } from '~tests/support/sessions.ts';
import {
  DELIVERY_HEADER,
  LEARNING_WEBHOOK_PATH,
  SIGNATURE_HEADER,
  signDelivery,
  TIMESTAMP_HEADER,
} from '~server/modules/learning';
import { describeInBrowser } from './support/browser.ts';
import {
  expectNoSeriousAxeViolations as expectNoAxeFindings,
  pressByKeyboard as pressOnPage,
  useSuitePages,
} from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SECRET = 'partner-e2e-learning-secret';
const EMAIL = 'noah.patel@example.com';
const SCREENSHOTS = 'docs/screenshots';

/*
 * A partner new to the programme climbs from starter to bronze through the portal's own events:
 * certifications the learning platform reports through its signed webhook, and a challenge the
 * second one completes. On SQLite, and on PostgreSQL in the browser suites' PostgreSQL phase.
 */
describeInBrowser('the partner programme in a browser', () => {
  let portal: PortalUnderTest;
  let page: Page;

  const startedPortal = useOwnPortal({
    LEARNING_WEBHOOK_SECRET: SECRET,
  });
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
    const partner = await signInAs(
      portal.database,
      {
        subject: 'e2e-new-partner',
        firstName: 'Noah',
        lastName: 'Patel',
        email: EMAIL,
        isPartner: true,
        isPrimaryContact: true,
        market: 'AU',
      },
      portal.config,
      portal.clock,
    );
    page = await pages.newPage({ session: partner, withBanner: true });
  });

  let deliveries = 0;
  /** The learning platform reports a certification passed, signed as it signs them. */
  async function certify(name: string): Promise<void> {
    deliveries += 1;
    const body = JSON.stringify({
      certification: {
        id: `E2E-CERT-${deliveries}`,
        userEmail: EMAIL,
        name,
        earnedOn: portal.clock.now().toISOString().slice(0, 10),
      },
    });
    const timestamp = String(Math.floor(portal.clock.now().getTime() / 1000));
    const deliveryId = `e2e-partner-${deliveries}`;
    const response = await fetch(`${portal.baseUrl}${LEARNING_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [DELIVERY_HEADER]: deliveryId,
        [SIGNATURE_HEADER]: signDelivery(SECRET, { timestamp, deliveryId }, body),
      },
      body,
    });
    expect(response.status).toBe(200);
  }

  const expectNoSeriousAxeViolations = (label: string) => expectNoAxeFindings(page, label);

  const pressByKeyboard = (name: string) => pressOnPage(page, name);

  async function shoot(name: string): Promise<void> {
    await page.screenshot({ path: `${SCREENSHOTS}/partners-${name}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/partners-${name}-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  async function mailTo(to: string): Promise<string[]> {
    const folder = join(portal.dataDir, 'mail', 'new');
    const names = await readdir(folder).catch(() => [] as string[]);
    const messages = await Promise.all(names.map((file) => readFile(join(folder, file), 'utf8')));
    return messages.filter((message) => new RegExp(`^To: .*${to}`, 'im').test(message));
  }

  it('moves the onboarding on when the partner opens the programme', async () => {
    await page.goto(`${portal.baseUrl}/`);
    // Out of the way of the screenshots: the banner is the consent suite's to test.
    await page.getByRole('button', { name: 'Reject all' }).click();
    const onboarding = page.locator('[data-onboarding-cta="Inner"]');
    expect(await onboarding.getByText('Step 1 of 5').count()).toBe(1);
    await page.goto(`${portal.baseUrl}/0/partners`);
    expect(await page.getByRole('heading', { name: 'Partner dashboard' }).count()).toBe(1);
    expect(
      await page
        .getByText('You have no points yet. Add your first client to start earning.')
        .count(),
    ).toBe(1);
    await page.goto(`${portal.baseUrl}/`);
    expect(await onboarding.getByText('Step 2 of 5').count()).toBe(1);
  });

  it('reaches starter with a certification passed, and ends the celebration by keyboard', async () => {
    await certify('Partner certification');
    await page.goto(`${portal.baseUrl}/0/partners`);
    expect(await page.getByText("Congratulations, you've reached Partner tier").count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Partner tier badge' }).count()).toBe(1);
    // The step the certification completed has left the list of steps to do.
    const steps = page.locator('section', {
      has: page.getByRole('heading', { name: 'Suggested next steps' }),
    });
    expect(await steps.getByRole('link', { name: 'Get partner certified' }).count()).toBe(0);
    await pressByKeyboard('Got it');
    await expect
      .poll(() => page.getByText("Congratulations, you've reached Partner tier").count())
      .toBe(0);
    // The card leaves at once; its dismissal is recorded by a request that must end first.
    await page.waitForLoadState('networkidle');
    await page.reload();
    expect(await page.getByText("Congratulations, you've reached Partner tier").count()).toBe(0);
  });

  it('reaches bronze when a second certification completes a joined challenge', async () => {
    await page.goto(`${portal.baseUrl}/0/partners/challenges-and-rewards`);
    await expectNoSeriousAxeViolations('challenges and rewards');
    await pressByKeyboard('Join Pass a certification this month');
    await expect.poll(() => page.getByText('You have joined the challenge.').count()).toBe(1);
    await certify('Payroll certification');
    await page.goto(`${portal.baseUrl}/0/partners`);
    expect(await page.getByText("Congratulations, you've reached Bronze tier").count()).toBe(1);
    await expectNoSeriousAxeViolations('dashboard');
    await shoot('dashboard');
  });

  it('shows the ledger entries that add up to the tier, filtered and exported', async () => {
    await page.goto(`${portal.baseUrl}/0/partners/account#partner-program-points`);
    const points = page.locator('#partner-program-points');
    expect(await points.getByRole('img', { name: 'Bronze tier badge' }).count()).toBe(1);
    for (const reason of [
      'Certification passed: Partner certification',
      'Certification passed: Payroll certification',
      'Suggested step completed: Get partner certified',
      'Challenge completed: Pass a certification this month',
    ]) {
      expect(await points.getByRole('cell', { name: reason }).count(), reason).toBe(1);
    }
    // 250 + 150 + 250 + 150 for the challenge + 20 for the step it completes.
    expect(await points.getByText('820').count()).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations('account');
    await shoot('account');
    await page.getByLabel('Type').selectOption('adjusted');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await expect.poll(() => page.getByText('No entries match.').count()).toBe(1);
    const csv = await page.request.get(`${portal.baseUrl}/0/partners/account/points.csv`);
    expect(await csv.text()).toContain('"Challenge completed: Pass a certification this month"');
  });

  it('lists the checklist in its groups, and dismisses and restores a step', async () => {
    await page.goto(`${portal.baseUrl}/0/partners/suggestions`);
    // The focused frame of a flow-isolation page: no site navigation.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const group = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    expect(
      await group('Completed steps')
        .getByRole('heading', { name: 'Get partner certified' })
        .count(),
    ).toBe(1);
    await expectNoSeriousAxeViolations('suggestions');
    await page.getByRole('button', { name: 'Dismiss step: Update your practice account' }).click();
    await expect.poll(() => page.getByText('Item added to ‘Dismissed steps’').count()).toBe(1);
    await expect
      .poll(() =>
        group('Dismissed steps')
          .getByRole('heading', { name: 'Update your practice account' })
          .count(),
      )
      .toBe(1);
    // The banner goes after a second.
    await expect.poll(() => page.getByText('Item added to ‘Dismissed steps’').count()).toBe(0);
    await shoot('suggestions');
    await page
      .getByRole('button', { name: 'Un-dismiss step: Update your practice account' })
      .click();
    await expect.poll(() => page.getByText('Item added to ‘Suggested next steps’').count()).toBe(1);
  });

  it('redeems a reward, keeping the tier, and is mailed about it', async () => {
    await page.goto(`${portal.baseUrl}/0/partners/challenges-and-rewards`);
    await pressByKeyboard('Redeem Partner badge pack');
    await expect
      .poll(() => page.getByText('Redeemed. We have e-mailed you the details').count())
      .toBe(1);
    await page.goto(`${portal.baseUrl}/0/partners/account`);
    const points = page.locator('#partner-program-points');
    expect(
      await points.getByRole('cell', { name: 'Reward redeemed: Partner badge pack' }).count(),
    ).toBe(1);
    expect(await points.getByRole('img', { name: 'Bronze tier badge' }).count()).toBe(1);
    await page.goto(`${portal.baseUrl}/0/partners/challenges-and-rewards`);
    await shoot('rewards');
    await expect
      .poll(async () => (await mailTo(EMAIL)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
  });

  /** Ticks a box as a keyboard user: focused, then Space. */
  async function tick(label: string): Promise<void> {
    await page.getByRole('checkbox', { name: label }).focus();
    await page.keyboard.press('Space');
  }

  it('personalises the experience step by step by keyboard, resuming where it was left', async () => {
    await page.goto(`${portal.baseUrl}/0/partners/personalise`);
    expect(await page.getByText('Step 1 of 2').count()).toBe(1);
    await expectNoSeriousAxeViolations('personalise');
    await pressByKeyboard('Save and continue');
    await expect
      .poll(() => page.getByText('Choose at least one: what your clients use.').count())
      .toBe(1);
    await tick('Payroll');
    await tick('Bank feeds');
    await pressByKeyboard('Save and continue');
    await expect.poll(() => page.getByText('Step 2 of 2').count()).toBe(1);
    // Left and opened again: resumed at the second step.
    await page.goto(`${portal.baseUrl}/0/partners`);
    await page.goto(`${portal.baseUrl}/0/partners/personalise`);
    expect(await page.getByText('Step 2 of 2').count()).toBe(1);
    await tick('Advisory');
    await pressByKeyboard('Save my choices');
    await expect.poll(() => page.getByText('Your choices are saved').count()).toBe(1);
    expect(await page.getByText('Bank feeds, Payroll').count()).toBe(1);
    await expectNoSeriousAxeViolations('personalise saved');
    await shoot('personalise');
  });

  it('updates the account over four screens, keeping what was typed after a refusal', async () => {
    const url = `${portal.baseUrl}/0/partners/update-account`;
    await page.goto(url);
    await page.getByLabel('Practice name').fill('Patel Advisory');
    await pressByKeyboard('Save and continue');
    await expect.poll(() => page.getByText('Step 2 of 4').count()).toBe(1);
    await page.getByLabel('Business e-mail').fill('office at patel');
    await page.getByLabel('Business phone').fill('02 5550 1234');
    await pressByKeyboard('Save and continue');
    await expect
      .poll(() => page.getByText('Enter an e-mail address like name@example.com.').count())
      .toBe(1);
    expect(await page.getByLabel('Business phone').inputValue()).toBe('02 5550 1234');
    await expectNoSeriousAxeViolations('update account refused');
    await shoot('update-account');
    await page.getByLabel('Business e-mail').fill('office@patel.example');
    await pressByKeyboard('Save and continue');
    await expect.poll(() => page.getByText('Step 3 of 4').count()).toBe(1);
    await page.goto(`${portal.baseUrl}/0/partners`);
    await page.goto(url);
    expect(await page.getByText('Step 3 of 4').count()).toBe(1);
    await page.getByLabel('Town or city').fill('Sydney');
    await page.getByLabel('Postcode').fill('2000');
    await pressByKeyboard('Save and continue');
    await expect.poll(() => page.getByText('Step 4 of 4').count()).toBe(1);
    await page.getByLabel('People in the practice').selectOption('2-5');
    await page.getByLabel('Clients you look after').selectOption('11-50');
    await pressByKeyboard('Finish updating');
    await expect.poll(() => page.getByText('Your account is updated').count()).toBe(1);
    await page.goto(`${portal.baseUrl}/0/partners/account`);
    const points = page.locator('#partner-program-points');
    expect(await points.getByRole('cell', { name: 'Practice account updated' }).count()).toBe(1);
  });

  it('shares the recognition badge, verifiable where its link points', async () => {
    await page.goto(`${portal.baseUrl}/s/RecognitionBadge`);
    // The flows' points have taken the partner past bronze by now.
    expect(await page.getByRole('img', { name: /Silver partner: Noah Patel/ }).count()).toBe(1);
    await expectNoSeriousAxeViolations('recognition badge');
    await shoot('badge');
    const link = await page.getByLabel('Link to your badge').inputValue();
    const shared = await page.request.get(link);
    expect(shared.status()).toBe(200);
    await page.getByRole('link', { name: 'Verify this badge (Open Badges data)' }).focus();
    const verification = await page
      .getByRole('link', { name: 'Verify this badge (Open Badges data)' })
      .getAttribute('href');
    const assertion = await page.request.get(verification ?? '');
    expect(await assertion.json()).toMatchObject({
      type: 'Assertion',
      verification: { type: 'hosted' },
    });
  });

  it('lists the resources by tier and opens one the tier reaches', async () => {
    await page.goto(`${portal.baseUrl}/0/partners/resources`);
    expect(await page.getByText('Unlocks at Gold tier').count()).toBe(1);
    await expectNoSeriousAxeViolations('resources');
    await page.getByLabel('Access').selectOption('open');
    await pressByKeyboard('Show resources');
    await expect.poll(() => page.getByText('Unlocks at Gold tier').count()).toBe(0);
    await shoot('resources');
    await pressByKeyboard('Open Partner onboarding guide');
    await expect.poll(() => page.url()).toContain('/resource/partners/partner-onboarding-guide.md');
  });

  it('finds a resource in the site search and opens the library at its card', async () => {
    await page.goto(`${portal.baseUrl}/0/search#q=co-branded%20campaign`);
    await page.getByRole('link', { name: 'Co-branded campaign kit' }).waitFor();
    await pressByKeyboard('Co-branded campaign kit');
    await expect.poll(() => page.url()).toContain('/0/partners/resources#resource-');
    await expect
      .poll(() => page.locator('li:target').textContent())
      .toContain('Co-branded campaign kit');
  });
});
