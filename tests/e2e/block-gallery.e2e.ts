import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { startPortal, type RunningPortal } from '../support/portal-process.ts';
import { useDemoPortal } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = process.env.GALLERY_SHOTS ?? 'test-results/screenshots';
const GALLERY = '/dev/blocks';

describeInBrowser('the block gallery in a browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];
  const warnings: string[] = [];

  const workerBrowser = useBrowser();
  // The demo portal runs in production mode, where the gallery is not served.
  const productionPortal = useDemoPortal();
  beforeAll(async () => {
    // The gallery exists outside production only, which the server reads from its process
    // environment: so it gets a process of its own, beside the in-process production portals.
    portal = await startPortal({ NODE_ENV: 'test' });
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await portal?.stop();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    expect(problems, 'no page errors and no failed API calls').toEqual([]);
    problems.length = 0;
    warnings.length = 0;
  });

  async function open(width = 1280): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        problems.push(`${response.status()} ${response.url()}`);
      }
    });
    const response = await page.goto(`${portal.baseUrl}${GALLERY}`);
    expect(response?.status()).toBe(200);
    // The toast container mounts in an effect: once it is there, the page is interactive.
    await page.locator('[data-toast-container]').waitFor({ state: 'attached' });
    return page;
  }

  for (const width of [375, 1280]) {
    it(`has no serious accessibility problems and looks right at ${width}px`, async () => {
      const page = await open(width);
      await expect.poll(() => page.title()).toMatch(/^Block gallery/);
      const report = await axeResultsOf(page);
      const serious = report.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
      ).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENSHOTS}/block-gallery-${width}.png`, fullPage: true });
      // One picture per block as well: a full page this long is too small to judge by eye.
      const sections = page.locator('main section[aria-labelledby]');
      const names = await sections.evaluateAll((all) =>
        all.map((section) => section.id || section.getAttribute('aria-labelledby')),
      );
      for (const [index, name] of names.entries()) {
        await sections
          .nth(index)
          .screenshot({ path: `${SCREENSHOTS}/block-gallery-${width}-${name}.png` });
      }
      // A picture of every block besides the page: twice the usual time on a busy machine.
    }, 120_000);
  }

  it('shows every icon name without a warning, and the avatar palettes', async () => {
    const page = await open();
    const icons = page.locator('#icons ul li svg[data-icon]');
    expect(await icons.count()).toBe(56);
    expect(warnings.filter((text) => text.includes('Invalid icon name'))).toEqual([]);
    const palettes = await page
      .getByTestId('avatar-palettes')
      .locator('[data-avatar]')
      .evaluateAll((avatars) =>
        avatars.map((avatar) => /\bpalette(\d+)_/.exec(avatar.className)?.[1]),
      );
    expect(new Set(palettes).size).toBe(10);
    await expect
      .poll(() => page.getByRole('img', { name: 'Default Photo' }).locator('img').count())
      .toBe(0);
    expect(await page.getByRole('img', { name: 'Default Photo' }).textContent()).toBe('DP');
    expect(await page.getByRole('img', { name: 'Sam Photo' }).locator('img').count()).toBe(1);
  });

  it('draws progress bars only for numbers, with step text only when both are non-zero', async () => {
    const page = await open();
    const bar = page.getByRole('progressbar', { name: 'Onboarding progress' }).first();
    expect(await bar.getAttribute('aria-valuetext')).toBe('Step 2 of 5');
    expect(
      await page.locator('#progress-bar').getByText('Step 2 of 5', { exact: true }).count(),
    ).toBe(1);
    expect(
      await page
        .locator('#progress-bar')
        .getByText(/^Step 0/)
        .count(),
    ).toBe(0);
    expect(await page.getByTestId('progress-not-numbers').innerHTML()).toBe('');
    const animation = await bar.locator('div').evaluate((fill) => ({
      duration: getComputedStyle(fill).animationDuration,
      delay: getComputedStyle(fill).animationDelay,
    }));
    expect(animation).toEqual({ duration: '0.5s', delay: '0.01s' });
  });

  it('renders headings by level, hides the hidden one and lists the registered ones', async () => {
    const page = await open();
    expect(await page.getByTestId('heading-level-7').innerHTML()).toBe('');
    const hidden = page.getByTestId('heading-hidden').getByRole('heading', { level: 4 });
    expect(await hidden.textContent()).toBe('A hidden heading');
    expect(await hidden.boundingBox()).toMatchObject({ width: 1, height: 1 });
    const nav = page.getByRole('navigation', { name: 'Gallery headings' });
    await expect
      .poll(() => nav.getByRole('link').allTextContents())
      .toEqual(['Before you start', 'Short title']);
    expect(await nav.getByRole('link').first().getAttribute('href')).toBe('#before-you-start');
  });

  it('opens a dialog with focus inside, keeps Tab inside it and closes on Escape', async () => {
    const page = await open();
    const opener = page.getByRole('button', { name: 'Open dialog', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit your display name' });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('gallery-display-name');
    await expect
      .poll(() => page.evaluate(() => document.body.classList.contains('LL-modal-common')))
      .toBe(true);
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement === null || document.activeElement.closest('dialog') !== null,
      );
      expect(inside, `focus stays in the dialog after Tab ${step + 1}`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(
      true,
    );
    expect(await dialog.getByRole('button', { name: 'Cancel and close' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('dialog-result').textContent()).toBe('Dialog closed');
    await expect
      .poll(() => opener.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.body.classList.contains('LL-modal-common')))
      .toBe(false);
  });

  it("confirms with 'Cancel' and 'OK', showing 'Processing' meanwhile", async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Open confirm dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this step?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Processing' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible(), 'Escape does not close it while processing').toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('dialog-result').textContent()).toBe('Confirmed');
  });

  it("shows an alert titled 'Alert' that OK closes", async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Open alert' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Alert' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('dialog-result').textContent()).toBe('Alert acknowledged');
  });

  it('fills a small screen (480 px or narrower) with the dialog', async () => {
    const page = await open(375);
    await page.getByRole('button', { name: 'Open dialog', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your display name' });
    await dialog.waitFor();
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(375);
    await page.screenshot({ path: `${SCREENSHOTS}/block-gallery-dialog-375.png` });
  });

  it('shows toasts in one container and closes them', async () => {
    const page = await open();
    expect(await page.locator('[data-toast-container]').count()).toBe(1);
    await page.getByRole('button', { name: 'Show success toast' }).click();
    await page.getByRole('button', { name: 'Show error toast' }).click();
    const toasts = page.locator('[data-toast]');
    await expect.poll(() => toasts.count()).toBe(2);
    expect(await page.getByRole('status').filter({ hasText: 'Success toast' }).count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/block-gallery-toasts-1280.png` });
    await toasts.first().getByRole('button', { name: 'Cancel and close' }).click();
    await expect
      .poll(() => toasts.allTextContents())
      .toEqual([expect.stringContaining('Error toast')]);
    await page.getByRole('button', { name: 'Show a toast that closes itself' }).click();
    await expect.poll(() => toasts.count()).toBe(2);
    await expect.poll(() => toasts.count(), { timeout: 6000 }).toBe(1);
  });

  it('shows the component initialisation error once per page', async () => {
    const page = await open();
    const breakBlock = page.getByRole('button', { name: 'Break a block' });
    await breakBlock.click();
    const alert = page.getByRole('alertdialog', { name: 'Component initialization error' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Fatal error: Unable to initialize the Gallery sample component.',
    );
    expect(await alert.textContent()).toContain(
      'Look at the developer console for more information.',
    );
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'hidden' });
    await breakBlock.click();
    await expect
      .poll(() => page.locator('#init-error').getByText('Working normally.').count())
      .toBe(0);
    expect(await alert.count()).toBe(0);
  });

  it('reports styled-link and card clicks', async () => {
    const page = await open();
    const before = page.url();
    await page.getByRole('link', { name: 'Counted, not followed' }).click();
    expect(await page.getByTestId('link-clicks').textContent()).toBe('Link-click events: 1');
    expect(page.url()).toBe(before);
    await page.getByRole('link', { name: 'Get started as a small business' }).click();
    expect(await page.getByTestId('card-clicks').textContent()).toBe('Card clicks: 1');
    const external = page
      .locator('#cta-card')
      .getByRole('link', { name: 'Add a new client (opens in a new tab)' });
    expect(await external.getAttribute('target')).toBe('_blank');
    await page.getByRole('link', { name: 'Pay yearly' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Pay yearly (selected)' }).count())
      .toBe(1);
  });

  it('is not served in production', async () => {
    const response = await fetch(`${productionPortal().baseUrl}${GALLERY}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Block gallery');
  });
});
