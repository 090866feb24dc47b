import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { signInAs } from '~tests/support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/practice-people';
const ACCOUNT = '/0/partners/account';
const INVITEE = 'ruby.ward@example.com';

/*
 * The demo practice's principal contact invites a colleague by keyboard; the colleague, signed
 * in in a browser of their own, opens the e-mailed link and joins; the principal withdraws the
 * demo's pending invitation and removes the colleague after confirming, who loses partner
 * access. On SQLite, or on PostgreSQL in the browser suites' PostgreSQL phase.
 */
describeInBrowser('a practice’s people in a browser', () => {
  let portal: PortalUnderTest;
  let principal: Page;
  let invitee: Page;

  const startedPortal = useOwnPortal({ SIGN_IN_RATE_LIMIT: '200' });
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
    principal = await pages.signedInAs('Priya Raman', ACCOUNT);
    const session = await signInAs(
      portal.database,
      {
        subject: 'e2e-practice-invitee',
        firstName: 'Ruby',
        lastName: 'Ward',
        email: INVITEE,
        market: 'AU',
      },
      portal.config,
      portal.clock,
    );
    invitee = await pages.newPage({ session });
  });

  /** axe at both widths, with a screenshot of each. */
  async function checkedAtBothWidths(page: Page, name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousAxeViolations(page, `${name} at ${width} px`);
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }

  async function invitationLink(to: string): Promise<string> {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const mail = (await listOutbox(portal.database.db)).find((each) => each.recipient === to);
      const link = /https?:\/\/\S+\/0\/partners\/account\/join\?token=[A-Za-z0-9_-]+/.exec(
        mail?.text_body ?? '',
      )?.[0];
      if (link) return new URL(link).pathname + new URL(link).search;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no invitation mailed to ${to}`);
  }

  it('shows the principal the practice, its people and the demo’s pending invitation', async () => {
    await expect
      .poll(() => principal.getByRole('heading', { name: 'Practice: Raman Partners' }).isVisible())
      .toBe(true);
    const people = principal.getByRole('table', { name: 'People' });
    await expect.poll(() => people.textContent()).toContain('Sam Taylor');
    expect(await people.textContent()).toContain('Principal contact');
    expect(await principal.getByText('lena.ward@example.com', { exact: true }).isVisible()).toBe(
      true,
    );
    await checkedAtBothWidths(principal, 'account-practice');
  });

  it('refuses a bad address at its field with what was typed kept, then invites by keyboard', async () => {
    const email = principal.getByLabel('E-mail address');
    await email.fill('ruby.ward@example');
    await principal.getByLabel('Role').selectOption('primary');
    await pressByKeyboard(principal, 'Send the invitation');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => principal.getByText('Enter an e-mail address like name@example.com.').isVisible())
      .toBe(true);
    expect(await email.inputValue()).toBe('ruby.ward@example');
    await checkedAtBothWidths(principal, 'invite-refused');

    await email.fill(INVITEE);
    await principal.getByLabel('Role').selectOption('primary');
    await email.focus();
    await principal.keyboard.press('Enter');
    await expect
      .poll(() => principal.getByText(`Invitation sent to ${INVITEE}.`).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        principal
          .getByRole('button', { name: `Withdraw the invitation to ${INVITEE}` })
          .isVisible(),
      )
      .toBe(true);
  });

  it('lets the invitee join through the e-mailed link, by keyboard', async () => {
    const link = await invitationLink(INVITEE);
    await invitee.goto(`${portal.baseUrl}${link}`);
    await expect
      .poll(() => invitee.getByRole('heading', { name: 'Join Raman Partners' }).isVisible())
      .toBe(true);
    await checkedAtBothWidths(invitee, 'join-practice');
    await pressByKeyboard(invitee, 'Join Raman Partners');
    await invitee.waitForURL((url) => url.pathname === ACCOUNT);
    await expect
      .poll(() => invitee.getByRole('heading', { name: 'Practice: Raman Partners' }).isVisible())
      .toBe(true);
    expect(await invitee.getByRole('table', { name: 'People' }).textContent()).toContain(
      'Ruby Ward (you)',
    );
    await checkedAtBothWidths(invitee, 'account-joined');

    // The link works once: opening it again says the person is in.
    await invitee.goto(`${portal.baseUrl}${link}`);
    await expect
      .poll(() => invitee.getByText('You belong to Raman Partners.').isVisible())
      .toBe(true);
  });

  it('withdraws the pending invitation and removes the colleague after confirming, by keyboard', async () => {
    await principal.goto(`${portal.baseUrl}${ACCOUNT}`);
    await principal
      .getByRole('button', { name: 'Withdraw the invitation to lena.ward@example.com' })
      .focus();
    await principal.keyboard.press('Enter');
    await expect
      .poll(() =>
        principal.getByText('The invitation to lena.ward@example.com is withdrawn.').isVisible(),
      )
      .toBe(true);

    await principal.getByRole('link', { name: 'Remove Ruby Ward' }).focus();
    await principal.keyboard.press('Enter');
    await expect
      .poll(() => principal.getByRole('heading', { name: 'Remove Ruby Ward?' }).isVisible())
      .toBe(true);
    await checkedAtBothWidths(principal, 'remove-confirm');
    await pressByKeyboard(principal, 'Yes, remove Ruby Ward');
    await expect
      .poll(() =>
        principal
          .getByText('Ruby Ward is removed from the practice and no longer has partner access.')
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => principal.getByRole('table', { name: 'People' }).textContent())
      .not.toContain('Ruby Ward');

    await invitee.goto(`${portal.baseUrl}${ACCOUNT}`);
    await expect
      .poll(() =>
        invitee.getByText('This page is for members of the partner programme.').isVisible(),
      )
      .toBe(true);
  });

  it('hands the practice over to Sam Taylor after confirming, by keyboard', async () => {
    await principal.goto(`${portal.baseUrl}${ACCOUNT}`);
    await principal.getByRole('link', { name: 'Make Sam Taylor principal contact' }).focus();
    await principal.keyboard.press('Enter');
    await expect
      .poll(() =>
        principal
          .getByRole('heading', { name: 'Make Sam Taylor the principal contact?' })
          .isVisible(),
      )
      .toBe(true);
    await checkedAtBothWidths(principal, 'hand-over-confirm');
    await pressByKeyboard(principal, 'Yes, make Sam Taylor principal contact');
    await expect
      .poll(() =>
        principal
          .getByText('Sam Taylor is now the principal contact. You are a primary contact.')
          .isVisible(),
      )
      .toBe(true);
    // The action's message can show before the page's people are read again.
    const people = () => principal.getByRole('table', { name: 'People' }).textContent();
    await expect.poll(people).toMatch(/Sam Taylor.*Principal contact/);
    expect(await people()).toMatch(/Priya Raman \(you\).*Primary contact/);
  });
});
