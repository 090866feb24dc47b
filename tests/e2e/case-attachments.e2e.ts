import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/case-attachments';
const CUSTOMER = 'Mia Chen';
const OTHER_CUSTOMER = 'Oliver Hughes';
const AGENT = 'Jordan Lee';

/** A small PNG (its signature and header chunk are what the portal checks). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describeInBrowser('files on support cases in a browser', () => {
  let portal: PortalUnderTest;
  let casePath = '';
  let downloadPath = '';

  const startedPortal = useOwnPortal({
    SIGN_IN_RATE_LIMIT: '200',
  });
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const { signedInAs: signedIn } = useSuitePages(startedPortal);

  /**
   * Tabs to the file input named `label`, as a keyboard user, and gives it the files the
   * browser's own file dialog would (that dialog is the system's, not the page's: waiting for
   * it to open raced the browser under load).
   */
  async function chooseByKeyboard(
    page: Page,
    label: string,
    files: ReadonlyArray<{ name: string; buffer: Buffer }>,
  ) {
    const input = page.getByLabel(label);
    let reached = false;
    for (let step = 0; step < 80 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await input.evaluate((element) => element === document.activeElement);
    }
    expect(reached, `${label} is reached by Tab`).toBe(true);
    await input.setInputFiles(
      files.map((file) => ({ ...file, mimeType: 'application/octet-stream' })),
    );
  }

  /** Presses Tab until the control with this accessible label has the focus. */
  async function tabTo(page: Page, label: string) {
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? '',
      );
      if (focused === label) return;
    }
    throw new Error(`could not reach ${label} with the keyboard`);
  }

  describe('a case raised with a file, downloaded, answered with a file', () => {
    it('raises a case with a screenshot chosen by keyboard on the details step, kept to the review, and lists it on the case', async () => {
      const page = await signedIn(CUSTOMER, '/s/raise-support-case');
      // The consent banner would cover the steps in the screenshots.
      await page.getByRole('button', { name: 'Reject all' }).click();
      await page.getByLabel('Subject').fill('Invoice template shows the old logo');
      await page
        .getByLabel('Description')
        .fill('Every invoice I send still has our old logo. A screenshot is attached.');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Choose a category' }).waitFor();
      await page.getByLabel('Invoices and quotes').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'I still need help' }).click();
      await page.getByRole('heading', { name: 'Impact and contact' }).waitFor();
      await page.getByLabel('Just me').check();
      // The files are chosen with the impact and contact, by keyboard.
      await chooseByKeyboard(page, 'Attach files', [
        { name: 'old-logo.png', buffer: PNG },
        { name: 'notes.txt', buffer: Buffer.from('Logo changed on 1 March.\n') },
      ]);
      await expectNoSeriousAxeViolations(page, 'details with files chosen');
      await pressByKeyboard(page, 'Continue');
      await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
      const kept = page.getByRole('list', { name: 'Files attached to this case' });
      await kept.getByRole('link', { name: 'old-logo.png' }).waitFor();
      expect(await kept.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining('notes.txt'),
        expect.stringContaining('old-logo.png'),
      ]);
      // A file kept by mistake is taken off by keyboard; the step says so.
      await tabTo(page, 'Remove notes.txt');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'notes.txt was removed.' }).waitFor();
      expect(await kept.getByRole('listitem').count()).toBe(1);
      await expectNoSeriousAxeViolations(page, 'review with a kept file');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(overflow, `no sideways scrolling at ${width}`).toBe(false);
        await page.screenshot({ path: `${SCREENSHOTS}/raise-review-${width}.png`, fullPage: true });
      }
      // Back to the details step: the file is listed there too, and nothing is added twice.
      await pressByKeyboard(page, 'Back');
      await page.getByRole('heading', { name: 'Impact and contact' }).waitFor();
      await page
        .getByRole('list', { name: 'Files attached to this case' })
        .getByRole('link', { name: 'old-logo.png' })
        .waitFor();
      await expectNoSeriousAxeViolations(page, 'details with a kept file');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: `${SCREENSHOTS}/raise-details-${width}.png`,
          fullPage: true,
        });
      }
      await pressByKeyboard(page, 'Continue');
      await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
      expect(await kept.getByRole('listitem').count()).toBe(1);
      await pressByKeyboard(page, 'Submit case');
      await page.getByRole('heading', { name: 'Case submitted' }).waitFor();
      await page.getByRole('link', { name: 'Invoice template shows the old logo' }).click();
      await page.waitForURL(/\/s\/case\?caseId=500/);
      casePath = new URL(page.url()).pathname + new URL(page.url()).search;
      const sent = page.getByRole('list', { name: 'Files sent with the case' });
      const link = sent.getByRole('link', { name: 'old-logo.png' });
      await link.waitFor();
      downloadPath = (await link.getAttribute('href')) ?? '';
      expect(downloadPath).toMatch(/^\/s\/case-attachments\/00P[A-Za-z0-9]{15}$/);
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toBe('old-logo.png');
      const answer = await page.request.get(portal.baseUrl + downloadPath);
      expect(answer.status()).toBe(200);
      expect(answer.headers()).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
      });
      expect(answer.headers()['content-disposition']).toMatch(
        /^attachment; filename="old-logo.png"/,
      );
      expect(Buffer.from(await answer.body())).toEqual(PNG);
      // The related list of the case names the file too.
      const caseId = new URL(page.url()).searchParams.get('caseId') ?? '';
      await page.goto(`${portal.baseUrl}/s/relatedlist?recordId=${caseId}`);
      await page
        .getByRole('list', { name: 'Files of the case' })
        .getByText('old-logo.png')
        .waitFor();
    });

    it('answers 404 to another customer, on the download address and the case', async () => {
      const page = await signedIn(OTHER_CUSTOMER, '/s/my-cases');
      expect((await page.request.get(portal.baseUrl + downloadPath)).status()).toBe(404);
      expect(
        (
          await page.request.get(`${portal.baseUrl}/s/case-attachments/00P000000000000000`)
        ).status(),
      ).toBe(404);
      expect((await page.request.get(portal.baseUrl + casePath)).status()).toBe(404);
    });

    it('lets the agent download the file and reply with one of their own', async () => {
      const caseId = new URL(casePath, portal.baseUrl).searchParams.get('caseId') ?? '';
      const page = await signedIn(AGENT, `/agent/cases/${caseId}`);
      const link = page.getByRole('link', { name: 'old-logo.png' });
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toBe('old-logo.png');
      await page.locator('#reply-form textarea').fill('The corrected template is attached.');
      await page
        .locator('#reply-form')
        .getByLabel('Attach files')
        .setInputFiles({ name: 'invoice-template.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.getByText('The corrected template is attached.').waitFor();
      await page
        .getByRole('list', { name: 'Files of this message' })
        .getByRole('link', { name: 'invoice-template.pdf' })
        .waitFor();
    });

    it('refuses a file too large with a message at the field, keeping the reply typed', async () => {
      const page = await signedIn(CUSTOMER, casePath);
      await page.getByRole('link', { name: 'invoice-template.pdf' }).waitFor();
      await page.getByLabel('Your reply').fill('Here is the full export you asked for.');
      // From a file on disk, which the browser reads itself: 21 MB handed over as a buffer can
      // pass the 30 s action limit on a loaded machine.
      const folder = await mkdtemp(join(tmpdir(), 'case-attachments-'));
      onTestFinished(() => rm(folder, { recursive: true, force: true }));
      const big = join(folder, 'export.txt');
      await writeFile(big, Buffer.alloc(21 * 1024 * 1024, 0x41));
      await page.getByLabel('Attach files').setInputFiles(big);
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.getByText('export.txt is larger than 20 MB. Attach a smaller file.').waitFor();
      expect(await page.getByLabel('Your reply').inputValue()).toBe(
        'Here is the full export you asked for.',
      );
      // Not sent: no message of the conversation says it.
      expect(await page.locator('li').filter({ hasText: 'Here is the full export' }).count()).toBe(
        0,
      );
    });

    it('shows the files accessibly at 375 and 1280 px', async () => {
      const page = await signedIn(CUSTOMER, casePath, 375);
      await page.getByRole('button', { name: 'Reject all' }).click();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('link', { name: 'old-logo.png' }).waitFor();
        await expectNoSeriousAxeViolations(page, `case with files at ${width}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(overflow, `no sideways scrolling at ${width}`).toBe(false);
        await page.screenshot({ path: `${SCREENSHOTS}/case-${width}.png`, fullPage: true });
      }
    });
  });
});
