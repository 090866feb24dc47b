import { mkdir } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import { signInAs } from '../support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, useSuitePages } from './support/pages.ts';
import { useDemoPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots';

const DRAFT = `---
urlName: connect-a-bank-feed
title: Connect a bank feed, reworded
summary: A changed version of a published article, seen before it is imported.
products: [accounting]
audiences: [small-business]
topics: [bank-feeds]
team: Banking
created: 2025-01-01
updated: 2025-06-01
---

## Before you start

Have your online banking sign-in at hand.

## Connect the feed

1. Go to **Banking**.
2. Choose **Add bank feed**.
`;

/* The staff's legacy-only pages: the status page (`/test`) and the article preview (`/guides`). */
describeInBrowser("the staff's status and article preview pages in a browser", () => {
  let portal: PortalUnderTest;
  const startedPortal = useDemoPortal();
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  it("shows an admin the portal's parts, at both widths", async () => {
    const admin = await signInAs(portal.database, 'demo-admin');
    for (const width of [375, 1280]) {
      const page = await pages.newPage({ width, session: admin });
      await page.goto(`${portal.baseUrl}/s/test`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Portal status');
      const parts = page.getByRole('region', { name: 'Parts' });
      await expect
        .poll(() => parts.getByRole('rowheader').allTextContents())
        .toEqual(['Version', 'Database', 'Search', 'Job queue', 'Mail']);
      expect(await parts.textContent()).toMatch(/documents indexed/);
      // Each state is read whole at either width: the table wraps its sentences, not scrolls.
      const fits = await parts.evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth);
      expect(fits, `the parts fit at ${width} px`).toBe(true);
      await expectNoSeriousAxeViolations(page, `status ${width}`);
      await page.screenshot({ path: `${SCREENSHOTS}/status-${width}.png`, fullPage: true });
    }
  });

  it('lets an agent preview a changed article with the keyboard alone', async () => {
    const agent = await signInAs(portal.database, 'demo-agent');
    for (const width of [375, 1280]) {
      const page = await pages.newPage({ width, session: agent });
      await page.goto(`${portal.baseUrl}/s/guides`);
      await page.waitForFunction(() => '__reactRouterRouteModules' in window);
      const file = page.getByLabel('Article file');
      await file.focus();
      await page.keyboard.insertText(DRAFT.replace('topics: [bank-feeds]', 'topics: [nowhere]'));
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('"nowhere" is not a topic');
      expect(await file.inputValue()).toContain('topics: [nowhere]');
      await expectNoSeriousAxeViolations(page, `preview problems ${width}`);

      await file.fill(DRAFT);
      await file.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const preview = page.getByRole('region', { name: 'Preview, not published' });
      await expect
        .poll(() => preview.getByRole('heading', { level: 1 }).textContent())
        .toBe('Connect a bank feed, reworded');
      expect(await preview.getByRole('heading', { name: 'Connect the feed' }).count()).toBe(1);
      expect(await page.getByText('Was this helpful?').count()).toBe(0);
      await expectNoSeriousAxeViolations(page, `preview ${width}`);
      await page.screenshot({
        path: `${SCREENSHOTS}/article-preview-${width}.png`,
        fullPage: true,
      });
    }
  });
});
