import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { accountDeletionOf } from '~server/modules/privacy';
import { signInAs, type SignedInSession } from '../support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { axeResultsOf, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots';
const PAGE = '/settings/delete-account';

describeInBrowser('deleting an account in a browser', () => {
  let portal: PortalUnderTest;
  const startedPortal = useOwnPortal();
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const pages = useSuitePages(startedPortal);
  const signedInPage = (member: SignedInSession, width: number) =>
    pages.newPage({ width, session: member });

  async function open(page: Page, path: string) {
    await page.goto(`${portal.baseUrl}${path}`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  }

  async function noAxeViolations(page: Page) {
    const results = await axeResultsOf(page);
    expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
  }

  it('asks, confirms from the e-mailed link and keeps the account, by keyboard alone', async () => {
    const member = await signInAs(
      portal.database,
      { subject: 'browser-leaver', email: 'browser.leaver@example.com', firstName: 'Noa' },
      portal.config,
    );
    const page = await signedInPage(member, 1280);
    await open(page, PAGE);
    await page.screenshot({ path: `${SCREENSHOTS}/delete-account-1280.png`, fullPage: true });
    await noAxeViolations(page);

    await pressByKeyboard(page, 'E-mail me a link to confirm');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'We sent a link to' }).count())
      .toBe(1);
    const mail = (await listOutbox(portal.database.db)).find(
      (row) => row.recipient === 'browser.leaver@example.com',
    );
    const link = new URL(/(https?:\/\/\S+\?confirm=\S+)/.exec(mail?.text_body ?? '')?.[1] ?? '');

    await open(page, `${link.pathname}${link.search}`);
    await noAxeViolations(page);
    await pressByKeyboard(page, 'Delete my account');
    await expect
      .poll(() => page.getByText('Your account will be deleted on').count())
      .toBeGreaterThan(0);
    expect((await accountDeletionOf(portal.database.db, member.user.id)).stage).toBe('scheduled');

    await pressByKeyboard(page, 'Keep my account');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Your account is kept' }).count())
      .toBe(1);
    expect((await accountDeletionOf(portal.database.db, member.user.id)).stage).toBe('none');
  });

  it('fits a phone screen, with the request waiting for its confirmation', async () => {
    const member = await signInAs(
      portal.database,
      { subject: 'phone-leaver', email: 'phone.leaver@example.com' },
      portal.config,
    );
    const page = await signedInPage(member, 375);
    await open(page, PAGE);
    await page.getByRole('button', { name: 'E-mail me a link to confirm' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'We sent a link to' }).count())
      .toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SCREENSHOTS}/delete-account-375.png`, fullPage: true });
    await noAxeViolations(page);
  });
});
