import { mkdir } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import { preferenceLinkPayload } from '~core/consent';
import { preferenceLinks, preferencesOf } from '~server/modules/privacy';
import { signInAs } from '../support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { axeResultsOf, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots';
const PAGE = '/0/settings/marketing-communication-preferences';

describeInBrowser('the communication preferences page in a browser', () => {
  let portal: PortalUnderTest;
  const startedPortal = useOwnPortal();
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const pages = useSuitePages(startedPortal);
  const newPage = (width = 1280, javaScriptEnabled = true) =>
    pages.newPage({ width, javaScriptEnabled });

  const manageLink = (email: string) =>
    `${PAGE}?token=${preferenceLinks(portal.config.sessionSecret).sign(
      preferenceLinkPayload('manage', email, new Date()),
    )}`;

  it('a guest changes preferences through the e-mail link, by keyboard, and the change is recorded', async () => {
    const email = 'browser.guest@example.com';
    const page = await newPage();
    await page.goto(`${portal.baseUrl}${manageLink(email)}`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
    const learning = page.getByRole('group', { name: 'Learning' }).getByRole('checkbox', {
      name: 'E-mail',
    });
    await learning.focus();
    await page.keyboard.press('Space');
    expect(await learning.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save preferences' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'preferences are saved' }).count())
      .toBe(1);
    const saved = await preferencesOf(portal.database.db, email);
    expect(saved.history).toEqual([
      expect.objectContaining({ topic: 'learning', subscribed: true, source: 'email-link' }),
    ]);
    await expect
      .poll(() =>
        page.getByRole('table').getByText('Preferences page, from an e-mail link').count(),
      )
      .toBe(1);
    await page.screenshot({
      path: `${SCREENSHOTS}/preferences-guest-link-1280.png`,
      fullPage: true,
    });
    const results = await axeResultsOf(page);
    expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
  });

  it('works without JavaScript, and shows a signed-in user their history at 375 px', async () => {
    const email = 'no.script@example.com';
    const plain = await newPage(1280, false);
    await plain.goto(`${portal.baseUrl}${manageLink(email)}`);
    await plain
      .getByRole('group', { name: 'Community digests' })
      .getByRole('checkbox', { name: 'E-mail' })
      .check();
    await plain.getByRole('button', { name: 'Save preferences' }).click();
    await plain.waitForLoadState('load');
    expect(await plain.getByText('Your preferences are saved (1 change)').count()).toBe(1);
    expect(
      (await preferencesOf(portal.database.db, email)).subscriptions.has('community-digest:email'),
    ).toBe(true);

    const member = await signInAs(portal.database, 'demo-customer', portal.config);
    const page = await pages.newPage({ width: 375, session: member });
    await page.goto(`${portal.baseUrl}${PAGE}`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
    expect(await page.getByRole('heading', { name: 'Change history' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Cookie choices' }).count()).toBe(1);
    // Each change is read whole on a phone (a block a row, its cells labelled), not scrolled to;
    // to a screen reader it is still a table whose cells hold only their values.
    const history = page.getByRole('region', { name: 'Change history' });
    expect(await history.evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth)).toBe(true);
    expect(await history.getByRole('columnheader').allTextContents()).toEqual([
      'When',
      'Topic',
      'Channel',
      'Change',
      'How',
    ]);
    const firstChange = history.getByRole('row').nth(1).getByRole('cell');
    expect(await firstChange.nth(1).textContent()).not.toMatch(/^Topic/);
    expect(await firstChange.nth(1).evaluate((cell) => cell.getBoundingClientRect().left)).toBe(
      await firstChange.nth(0).evaluate((cell) => cell.getBoundingClientRect().left),
    );
    await page.screenshot({ path: `${SCREENSHOTS}/preferences-signed-in-375.png`, fullPage: true });
    const results = await axeResultsOf(page);
    expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
  });
});
